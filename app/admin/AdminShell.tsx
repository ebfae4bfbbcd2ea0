import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { site } from "../../content/site";
import { NavigationSpinner } from "../components/NavigationSpinner";
import { useAdminText } from "./text";

const navItems = [
  { to: "/admin/home", key: "home.nav" },
  { to: "/admin/orders", key: "common.nav.orders" },
  { to: "/admin/invoices", key: "books.nav" },
  { to: "/admin/customers", key: "common.nav.customers" },
  { to: "/admin/trials", key: "trials.nav" },
  { to: "/admin/messages", key: "common.nav.messages" },
  { to: "/admin/subscribers", key: "common.nav.subscribers" },
  { to: "/admin/audit", key: "common.nav.audit" },
  { to: "/admin/account", key: "common.nav.account" },
] as const;

/** The console's frame: a skip link, the product's name, and (when signed in) the navigation and sign-out. */
export function AdminShell({ email, children }: { email?: string; children: ReactNode }) {
  const { t } = useAdminText();
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-text px-5 py-3 font-semibold text-ink focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t("common.skipToContent")}
      </a>
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-4">
          <p className="font-extrabold text-text">{t("common.brandConsole", { brand: site.brand.name })}</p>
          {email && (
            <>
              <nav aria-label={t("common.navigation")} className="order-last w-full sm:order-none sm:w-auto">
                <ul className="flex flex-wrap gap-1">
                  {navItems.map((item) => (
                    <li key={item.to}>
                      <NavLink
                        to={item.to}
                        className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-muted hover:text-text aria-[current=page]:bg-accent-strong/30 aria-[current=page]:text-text"
                      >
                        {t(item.key)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="ml-auto flex items-center gap-3 text-sm text-muted">
                <span>{t("common.signedInAs", { email })}</span>
                <Form method="post" action="/admin/logout">
                  <button type="submit" className="min-h-11 rounded-full border border-line px-4 font-semibold text-text">
                    {t("common.signOut")}
                  </button>
                </Form>
              </div>
            </>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 outline-none">
        {children}
      </main>
      <NavigationSpinner label={t("common.loading")} />
    </>
  );
}
