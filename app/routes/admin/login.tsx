import { data, type RouterContextProvider, redirect } from "react-router";
import { readForm } from "../../../common/read-form.ts";
import { site } from "../../../content/site";
import { readSession } from "../../../server/admin/sessions.ts";
import { logger } from "../../../server/logger.ts";
import { AdminShell } from "../../admin/AdminShell";
import { clearedSession, safeNext, sessionCookie, sessionCookieFor } from "../../admin/auth.server";
import { adminLanguage, consoleCookie } from "../../admin/language.server";
import { adminMessages } from "../../admin/messages.server";
import { SignInForm } from "../../admin/SignInForm";
import { signInWithPassword, verifySecondFactor } from "../../admin/sign-in.server";
import { AdminTextContext, adminText } from "../../admin/text";
import { actionOrLoaderHeaders } from "../../cache-control";
import { translate } from "../../i18n/translate";
import type { PageHandle } from "../../page-handle";
import { clientAddress } from "../../rate-limit.server";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/login";

const noStore = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/** Where the visitor is in signing in: the password, or the second factor their session still owes. */
async function currentStep(request: Request, context: Readonly<RouterContextProvider>) {
  const { db } = await servicesOf(context);
  const active = await readSession(db, consoleCookie(request, sessionCookie));
  return { db, active };
}

/** Why the visitor is on the sign-in page, when it is worth saying. */
function signInNotice(params: URLSearchParams): "signedOut" | "signedOutEverywhere" | "expired" | null {
  if (params.get("out") === "all") return "signedOutEverywhere";
  if (params.get("out")) return "signedOut";
  return params.get("reason") === "expired" ? "expired" : null;
}

/** The console is the operator's tool: its script loads at once, and its sign-in is isolated like its pages. */
export const handle: PageHandle = { hydrate: "after-paint", personal: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get("next"));
  const language = adminLanguage(request);
  const { active } = await currentStep(request, context).catch(() => ({ active: undefined }));
  if (active?.session.verified_at) throw redirect(next, { headers: noStore });
  const notice = signInNotice(url.searchParams);
  return data({ language, messages: adminMessages[language], next, step: active ? "code" : "password", notice }, { headers: noStore });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = (await readForm(request)) ?? {};
  const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
  try {
    return await signInStep(request, context, text);
  } catch (error) {
    // A redirect is thrown too; anything else is the database away or saturated: say so, keep the address.
    if (error instanceof Response) throw error;
    logger.error({ reason: (error as Error).message }, "A console sign-in could not be checked");
    return data({ problem: "unavailable" as const, email: text("email").slice(0, 254) }, { status: 503, headers: noStore });
  }
}

/** The step the form posted: the password, the second factor, or starting over. */
async function signInStep(request: Request, context: Readonly<RouterContextProvider>, text: (name: string) => string) {
  const next = safeNext(text("next"));
  const address = clientAddress(request);
  const { db, active } = await currentStep(request, context);

  if (text("intent") === "start-over") {
    throw redirect(`/admin/login?next=${encodeURIComponent(next)}`, { headers: { ...noStore, "Set-Cookie": clearedSession(request) } });
  }
  if (text("intent") === "code" && active && !active.session.verified_at) {
    const outcome = await verifySecondFactor(db, active, text("code").slice(0, 100), address);
    if (outcome.kind === "verified")
      throw redirect(next, { headers: { ...noStore, "Set-Cookie": sessionCookieFor(request, outcome.token) } });
    return data(
      { problem: outcome.kind === "blocked" ? ("limited" as const) : ("codeFailed" as const), email: "" },
      { status: outcome.kind === "blocked" ? 429 : 401, headers: noStore },
    );
  }
  const outcome = await signInWithPassword(db, { email: text("email").slice(0, 254), password: text("password").slice(0, 1024), address });
  if (outcome.kind === "signed-in") {
    const target = outcome.secondFactorDue ? `/admin/login?next=${encodeURIComponent(next)}` : next;
    throw redirect(target, { headers: { ...noStore, "Set-Cookie": sessionCookieFor(request, outcome.token) } });
  }
  const problem = outcome.kind === "blocked" ? ("limited" as const) : ("failed" as const);
  return data({ problem, email: text("email").slice(0, 254) }, { status: outcome.kind === "blocked" ? 429 : 401, headers: noStore });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${translate(loaderData.messages, loaderData.language, "login.title")} · ${site.brand.name}` : site.brand.name },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminTextContext value={adminText(loaderData.messages, loaderData.language)}>
      <AdminShell>
        <SignInForm
          step={loaderData.step === "code" ? "code" : "password"}
          next={loaderData.next}
          notice={loaderData.notice}
          problem={actionData?.problem}
          email={actionData?.email}
        />
      </AdminShell>
    </AdminTextContext>
  );
}
