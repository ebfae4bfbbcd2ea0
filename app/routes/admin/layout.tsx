import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { AdminShell } from "../../admin/AdminShell";
import { operatorContext, requireOperator } from "../../admin/auth.server";
import { ConsoleError } from "../../admin/ConsoleError";
import { ConsoleTooSlow } from "../../admin/ConsoleTooSlow";
import { adminLanguage } from "../../admin/language.server";
import { adminLayoutId } from "../../admin/layout-id";
import { adminMessages } from "../../admin/messages.server";
import { AdminTextContext, adminText } from "../../admin/text";
import { isConsoleTooSlow } from "../../admin/too-slow";
import type { PageHandle } from "../../page-handle";
import type { Route } from "./+types/layout";

/** The console is the operator's tool: its script loads at once, and its pages show customers' records. */
export const handle: PageHandle = { hydrate: "after-paint", personal: true };

/** Every console page but the sign-in page sits in this layout, behind its gate. */
export const middleware: Route.MiddlewareFunction[] = [requireOperator];

export function loader({ request, context }: Route.LoaderArgs) {
  const { operator } = context.get(operatorContext);
  const language = adminLanguage(request);
  return { email: operator.email, language, messages: adminMessages[language] };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminTextContext value={adminText(loaderData.messages, loaderData.language)}>
      <AdminShell email={loaderData.email}>
        <Outlet />
      </AdminShell>
    </AdminTextContext>
  );
}

/**
 * A console page that failed. One whose reads took too long (app/admin/console-read.server.ts) says so in the
 * console's frame and language; any other failure shows the console's error page, as the root's boundary would.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>(adminLayoutId);
  const tooSlow = isRouteErrorResponse(error) && isConsoleTooSlow(error.data) ? error.data : undefined;
  if (!tooSlow || !layout) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    if (!notFound) console.error(error);
    return <ConsoleError notFound={notFound} />;
  }
  return (
    <AdminTextContext value={adminText(layout.messages, layout.language)}>
      <AdminShell email={layout.email}>
        <ConsoleTooSlow seconds={tooSlow.seconds} />
      </AdminShell>
    </AdminTextContext>
  );
}
