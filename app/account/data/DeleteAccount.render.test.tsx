/** The account deletion page drawn on the server, in each language and state, and its texts' shape. */
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type Language, languages, localizePath } from "../../../common/languages";
import { accountMessages } from "../messages.server";
import { AccountTextContext, accountText } from "../text";
import { DeleteAccount, type DeleteState } from "./DeleteAccount";

function render(language: Language, state: DeleteState): string {
  const page = () => (
    <AccountTextContext value={accountText(accountMessages[language], language)}>
      <DeleteAccount state={state} />
    </AccountTextContext>
  );
  const router = createMemoryRouter([{ id: "page", path: "*", Component: page }], {
    initialEntries: [localizePath("/account/delete", language)],
    hydrationData: { loaderData: { page: null } },
  });
  return renderToString(<RouterProvider router={router} />);
}

/** A text as React writes it in HTML. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

/** Every text's path and its placeholders, to compare a translation with the English. */
function shape(value: unknown, path = ""): string[] {
  if (typeof value === "string") return [`${path} ${[...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()}`];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => shape(inner, `${path}.${key}`));
}

describe("the account deletion page", () => {
  it("has every text in every language, with the English placeholders", () => {
    for (const language of languages) expect(shape(accountMessages[language].data), language).toEqual(shape(accountMessages.en.data));
  });

  for (const language of ["en", "es", "fr"] as const) {
    it(`in ${language}: says what goes and what stays, and posts only a ticked confirmation`, () => {
      const t = accountMessages[language].data.delete;
      const ask = render(language, { state: "ask", email: "ana@example.com", years: 7 });
      expect(ask).toContain("ana@example.com");
      expect(ask).toContain(html(t.kept.paid.replace("{{years}}", "7")));
      // A plain link: a session that needs a fresh code by now sees that page, rather than saving it as the file.
      expect(ask).toContain(`href="${localizePath("/account/data", language)}"`);
      expect(ask).not.toContain("download=");
      expect(ask).toMatch(/<input id="confirm" type="checkbox"[^>]* name="confirm" value="yes"\/>/);
      expect(ask).toContain('method="post"');
      expect(ask).not.toContain('role="alert"');
      const refused = render(language, { state: "ask", email: "ana@example.com", years: 7, unconfirmed: true });
      expect(refused).toContain('aria-invalid="true" aria-describedby="confirm-error"');
      expect(refused).toContain(html(t.confirmError));
      const done = render(language, { state: "done", kept: 2, years: 7 });
      expect(done).toContain(html(t.doneTitle));
      expect(done).not.toContain("<form");
    });
  }
});
