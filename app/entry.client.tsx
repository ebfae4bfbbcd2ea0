import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { languageFromPath } from "../common/languages";
import { giveHistoryEntryAKey } from "./components/ScrollRestoration";
import { loadMessages } from "./i18n/messages.client";
import { registerMessages } from "./i18n/registry";

// The page imports this only after its first paint, and a public page only at the visitor's first interaction
// (app/hydrate-after-paint.ts): the server's HTML is complete, and its controls work without it until then.
// The page's language must be loaded before hydration, or the first render would not match the server's.
const language = languageFromPath(window.location.pathname);
registerMessages({ [language]: await loadMessages(language) });

giveHistoryEntryAKey();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
