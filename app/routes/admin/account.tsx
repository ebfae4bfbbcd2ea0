import { data, redirect } from "react-router";
import { isLanguage } from "../../../common/languages";
import { readForm } from "../../../common/read-form.ts";
import { site } from "../../../content/site";
import { serverConfig } from "../../../server/config.ts";
import { AccountPage } from "../../admin/account/AccountPage";
import { confirmSetup, disable, startSetup, twoFactorState } from "../../admin/account/two-factor.server";
import { operatorContext } from "../../admin/auth.server";
import { adminCookie, adminLanguage, adminLanguageCookie } from "../../admin/language.server";
import { adminMessages } from "../../admin/messages.server";
import { adminMeta } from "../../admin/meta";
import { translate } from "../../i18n/translate";
import { clientAddress } from "../../rate-limit.server";
import { servicesOf } from "../../services.server";
import type { Route } from "./+types/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  const active = context.get(operatorContext);
  const language = adminLanguage(request);
  const { db } = await servicesOf(context);
  const qrLabel = translate(adminMessages[language], language, "account.qrLabel", { brand: site.brand.name });
  return { twoFactor: await twoFactorState(db, active, qrLabel), required: serverConfig().OPERATOR_REQUIRE_2FA };
}

type Outcome = {
  done?: "languageSaved" | "enabled" | "disabled";
  problem?: "codeFailed" | "keyMissing" | "requiredCannotDisable" | "limited";
  recoveryCodes?: string[];
};

export async function action({ request, context }: Route.ActionArgs) {
  const active = context.get(operatorContext);
  const form = (await readForm(request)) ?? {};
  const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string).slice(0, 40) : "");
  const { db } = await servicesOf(context);
  const address = clientAddress(request);
  const answer = (outcome: Outcome, status = 200) => data(outcome, { status });

  switch (field("intent")) {
    case "language": {
      const language = field("language");
      if (!isLanguage(language)) return answer({}, 400);
      // The operator's choice, for a year, on this browser.
      throw redirect("/admin/account?saved=language", {
        headers: { "Set-Cookie": adminCookie(request, adminLanguageCookie, language, 365 * 86_400) },
      });
    }
    case "start-2fa":
      if (active.operator.totp_enabled_at) return answer({});
      try {
        await startSetup(db, active);
      } catch {
        return answer({ problem: "keyMissing" }, 503);
      }
      throw redirect("/admin/account");
    case "confirm-2fa": {
      const codes = await confirmSetup(db, active, field("code"), address);
      return codes ? answer({ done: "enabled", recoveryCodes: codes }) : answer({ problem: "codeFailed" }, 400);
    }
    case "disable-2fa": {
      if (serverConfig().OPERATOR_REQUIRE_2FA) return answer({ problem: "requiredCannotDisable" }, 400);
      const outcome = await disable(db, active, field("code"), address);
      if (outcome === "blocked") return answer({ problem: "limited" }, 429);
      return outcome === "disabled" ? answer({ done: "disabled" }) : answer({ problem: "codeFailed" }, 400);
    }
    default:
      return answer({}, 400);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "account.title");

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountPage twoFactor={loaderData.twoFactor} required={loaderData.required} outcome={actionData} />;
}
