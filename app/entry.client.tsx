import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { languageFromPath } from "./i18n/languages";
import { loadMessages } from "./i18n/messages.client";
import { registerMessages } from "./i18n/registry";

// The server's HTML is complete: let the browser paint it before the work of hydrating starts, so the
// first paint never waits for JavaScript (requestAnimationFrame runs just before a paint, the timeout after it).
await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

// The page's language must be loaded before hydration, or the first render would not match the server's.
const language = languageFromPath(window.location.pathname);
registerMessages({ [language]: await loadMessages(language) });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
