/** The console's list and message pages rendered as the server sends them, in French: markup, not behaviour. */
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import AuditLog from "../../routes/admin/audit";
import Message from "../../routes/admin/message";
import Messages from "../../routes/admin/messages";
import Subscribers from "../../routes/admin/subscribers";
import { adminMessages } from "../messages.server";
import { AdminTextContext, adminText } from "../text";

const at = "2026-03-01T09:30:00.000Z";

function render(Page: (props: never) => ReactNode, url: string, loaderData: unknown, actionData?: unknown): string {
  const Inner = () => Page({ loaderData, actionData } as never);
  const Stub = createRoutesStub([
    {
      path: new URL(url, "http://shop.test").pathname,
      Component: () => (
        <AdminTextContext value={adminText(adminMessages.fr, "fr")}>
          <Inner />
        </AdminTextContext>
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={[url]} />);
}

const message = { id: 4, name: "Zoë", email: "zoe@example.com", subject: "<b>Aide</b>", language: "es" as const, created_at: at };

describe("the inbox page", () => {
  const html = render(Messages, "/admin/messages?state=waiting", {
    filter: "waiting",
    links: { next: { at: "after", cursor: { key: at, id: 4 } }, last: { at: "last" } },
    waiting: 26,
    messages: [{ ...message, handled_at: null }],
  });

  it("has a labelled GET filter, a captioned table and paging that keeps the filter", () => {
    expect(html).toContain("26 en attente");
    expect(html).toMatch(/<form[^>]*method="get"/);
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Afficher<\/label><select id="\1" name="state"/);
    expect(html).toContain("<caption");
    expect(html).toContain('<th scope="col"');
    expect(html).toContain('<time dateTime="2026-03-01T09:30:00.000Z">1 mars 2026, 09:30</time>');
    expect(html).toContain('href="/admin/messages/4"');
    expect(html).toContain("&lt;b&gt;Aide&lt;/b&gt;");
    expect(html).toContain(`href="/admin/messages?state=waiting&amp;after=${encodeURIComponent(`${at}_4`)}"`);
    expect(html).toContain('href="/admin/messages?state=waiting&amp;at=last"');
    expect(html).toMatch(/rel="next"[^>]*>Suivante</);
    expect(html).toContain("Español");
  });
});

describe("a message's page", () => {
  const full = { ...message, message: "Bonjour,\n<script>alert(1)</script>", mail_sent_at: null, updated_at: at };

  it("shows the whole message escaped, a reply link, and the state button", () => {
    const html = render(Message, "/admin/messages/4", { message: { ...full, handled_at: null, handled_by: null } });
    expect(html).toContain("Bonjour,\n&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain('href="mailto:zoe@example.com?subject=Re%3A%20%3Cb%3EAide%3C%2Fb%3E"');
    expect(html).toMatch(/<form[^>]*method="post"><button type="submit" value="handle"[^>]*name="intent">Marquer comme traité</);
    expect(html).toMatch(/<p role="status"[^>]*><\/p>/);
  });

  it("says who handled it, and confirms the change in the status region", () => {
    const handled = { message: { ...full, handled_at: at, handled_by: "ana@example.com" } };
    const html = render(Message, "/admin/messages/4", handled, { outcome: "handled" });
    expect(html).toContain("Traité par ana@example.com le 1 mars 2026, 09:30 (UTC)");
    expect(html).toMatch(/value="reopen"[^>]*>Remettre en attente</);
    expect(html).toMatch(/<p role="status"[^>]*>Marqué comme traité.<\/p>/);
  });
});

describe("the subscribers page", () => {
  it("counts each state and links the export to the same filter", () => {
    const html = render(Subscribers, "/admin/subscribers?state=confirmed", {
      filter: "confirmed",
      links: {},
      total: 1,
      counts: { confirmed: 1200, awaiting: 3, unsubscribed: 0 },
      subscribers: [{ id: 1, email: "zoe@example.com", language: "fr", created_at: at, confirmed_at: at, unsubscribed_at: null }],
    });
    expect(html).toMatch(/<dt[^>]*>Confirmée<\/dt><dd[^>]*>1\u202f200<\/dd>/);
    expect(html).toContain('href="/admin/subscribers.csv?state=confirmed"');
    expect(html).toContain("1 adresse affichée par ce filtre");
    expect(html).toContain('<th scope="row"');
    expect(html).toContain("—");
    expect(html).not.toContain('aria-label="Pages d’abonnés"');
  });
});

describe("the audit log page", () => {
  it("names actions in words, or as recorded when it has no words for them", () => {
    const entry = { id: 1, at, operator: null, subject: null, address: "command line", details: "user: root" };
    const html = render(AuditLog, "/admin/audit?action=totp-enabled", {
      action: "totp-enabled",
      links: {},
      matching: { count: 2, more: false },
      entries: [
        { ...entry, action: "totp-enabled" },
        { ...entry, id: 2, action: "export", operator: "ana@example.com" },
      ],
    });
    expect(html).toContain('<option value="totp-enabled" selected="">totp-enabled</option>');
    expect(html).toContain("Données exportées");
    expect(html).toContain("2 entrées");
    expect(html).toContain("1 mars 2026, 09:30:00");
  });

  it("says when nothing is recorded rather than showing an empty table", () => {
    const html = render(AuditLog, "/admin/audit", { action: null, links: {}, matching: { count: 0, more: false }, entries: [] });
    expect(html).toContain("Rien n’a encore été enregistré.");
    expect(html).not.toContain("<table");
  });
});
