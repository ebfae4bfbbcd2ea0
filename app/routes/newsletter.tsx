import { data, Link } from "react-router";
import { languageFromPath, requestPathname } from "../../common/languages";
import { readForm } from "../../common/read-form.ts";
import { subscribeToNewsletter } from "../../server/db/repositories.ts";
import { logger } from "../../server/logger.ts";
import { actionOrLoaderHeaders, privateNoStore, sharedForAMinute } from "../cache-control";
import { PageHeading } from "../components/PageHeading";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { type NewsletterAnswer, newsletterMessage } from "../newsletter/message";
import { validateNewsletter } from "../newsletter/schema";
import { mailAfterSignUp } from "../newsletter/sign-up.server";
import { clientAddress, formLimits } from "../rate-limit.server";
import { pageMeta } from "../seo";
import { servicesOf } from "../services.server";
import type { Route } from "./+types/newsletter";

export type { NewsletterAnswer };

/**
 * A newsletter sign-up, from the footer of any page (inline with JavaScript, this page without). Every
 * address gets the same answer, so the form never tells who is subscribed; the mail says the rest
 * (mailAfterSignUp): a confirmation link (double opt-in), or, on the list already, that nothing changed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const language = languageFromPath(requestPathname(request));
  // An answer names the address that was typed.
  const answer = (body: NewsletterAnswer, status = 200) => data(body, { headers: privateNoStore, status });

  // Read before anything can fail, so every answer leaves the connection ready for the next request. A body
  // that is not a form at all (JSON, plain text, a broken multipart body) has no address either.
  const form = (await readForm(request)) ?? {};
  // The limit is counted in the database (shared by every server), so it sits inside the try: a database
  // that is down answers "try again later", never a 500.
  try {
    const services = await servicesOf(context);
    const { db } = services;
    if (!(await formLimits.newsletter.hit(db, clientAddress(request)))) return answer({ state: "rateLimited" }, 429);
    const checked = validateNewsletter(form);
    if (!checked.ok) return answer({ state: "invalid", error: checked.error }, 400);
    await mailAfterSignUp(services, await subscribeToNewsletter(db, { email: checked.email, language }));
    return answer({ state: "checkInbox", email: checked.email });
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "A newsletter sign-up could not be stored");
    return answer({ state: "unavailable" }, 503);
  }
}

/** Opened by itself, not as the answer to a sign-up, the page says the same to everyone. */
export const loader = () => data(null, { headers: sharedForAMinute });

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, "newsletter");

/** Without JavaScript the footer's form lands here, and this page says how it went. */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const { title, text } = newsletterMessage(t, actionData);
  return (
    <PageHeading title={title} lead={text}>
      <Link to={localized("/")} className="mt-8 inline-flex min-h-12 items-center rounded-full bg-cta px-6 font-semibold text-white">
        {t("newsletter.backHome")}
      </Link>
    </PageHeading>
  );
}
