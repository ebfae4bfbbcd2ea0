import { Outlet } from "react-router";
import { AdminShell } from "../../admin/AdminShell";
import { operatorContext, requireOperator } from "../../admin/auth.server";
import { adminLanguage } from "../../admin/language.server";
import { adminMessages } from "../../admin/messages.server";
import { AdminTextContext, adminText } from "../../admin/text";
import type { Route } from "./+types/layout";

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
