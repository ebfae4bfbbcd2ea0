/** The reminders' unsubscribe page drawn on the server, in each language and state. */
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type Language, localizePath } from "../../common/languages";
import { createTranslator } from "../i18n/i18n";
import { allMessages } from "../i18n/messages.server";
import { TranslationContext } from "../i18n/use-translation";
import RemindersUnsubscribe from "../routes/reminders-unsubscribe";
import type { OptOutState } from "./opt-outs.server";

function render(language: Language, loaderData: OptOutState, actionData?: OptOutState): string {
  const props = { loaderData, actionData, params: {}, matches: [] } as unknown as Parameters<typeof RemindersUnsubscribe>[0];
  const page = () => (
    <TranslationContext value={createTranslator(language, allMessages[language])}>
      <RemindersUnsubscribe {...props} />
    </TranslationContext>
  );
  const router = createMemoryRouter([{ id: "page", path: "*", Component: page }], {
    initialEntries: [`${localizePath("/reminders/unsubscribe", language)}?token=abc.def`],
    hydrationData: { loaderData: { page: null } },
  });
  return renderToString(<RouterProvider router={router} />);
}

describe("the reminders' unsubscribe page", () => {
  for (const language of ["en", "es", "fr"] as const) {
    it(`in ${language}: asks with a button that posts, then confirms`, () => {
      const t = allMessages[language].reminders;
      const email = "camille@example.com";
      const ask = render(language, { status: "ask", email });
      expect(ask).toContain(t.askHeading);
      // The form posts back to the link itself, token included.
      const action = `${localizePath("/reminders/unsubscribe", language)}?token=abc.def`;
      expect(ask).toContain(`action="${action}" method="post"`);
      expect(ask).toMatch(new RegExp(`<button type="submit"[^>]*>${t.button}</button>`));
      const done = render(language, { status: "ask", email }, { status: "done", email });
      expect(done).toContain(t.doneText.replace("{{email}}", email));
      expect(done).not.toContain("<form");
      expect(render(language, { status: "unknown" })).toContain(t.unknownHeading);
    });
  }
});
