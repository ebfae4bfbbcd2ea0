import { useEffect, useId, useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { languageFromPath, requestPathname } from "../../common/languages";
import { readForm } from "../../common/read-form.ts";
import { saveContactMessage } from "../../server/db/repositories.ts";
import { logger } from "../../server/logger.ts";
import { actionOrLoaderHeaders, privateNoStore, sharedForAMinute } from "../cache-control";
import { FormField, inputClass } from "../checkout/FormField";
import { ErrorSummary, SubmitStatus } from "../components/form-feedback";
import { PageHeading } from "../components/PageHeading";
import { useFormChecks } from "../components/use-form-checks";
import { type ContactErrors, type ContactField, contactFields, contactLimits, honeypotField, validateContact } from "../contact/schema";
import { useLocalizedPath } from "../i18n/use-language";
import { useTranslation } from "../i18n/use-translation";
import { queueContactNotification } from "../mail.server";
import { clientAddress, formLimits } from "../rate-limit.server";
import { pageMeta } from "../seo";
import { servicesOf } from "../services.server";
import type { Route } from "./+types/contact";

/** A subject may be suggested by the link that led here (the footer's "Live chat" asks for a chat). */
export function loader({ request }: Route.LoaderArgs) {
  const suggestedSubject = new URL(request.url).searchParams.get("subject") === "chat" ? "chat" : null;
  return data({ suggestedSubject }, { headers: sharedForAMinute });
}

export async function action({ request, context }: Route.ActionArgs) {
  const language = languageFromPath(requestPathname(request));
  // Null when the body is not a form at all (JSON, plain text, a broken multipart body): answered as invalid.
  const form = (await readForm(request)) ?? {};
  const values = Object.fromEntries(contactFields.map((field) => [field, String(form[field] ?? "").slice(0, 6000)]));

  // The limit is counted in the database (shared by every server), so it sits inside the try: a database
  // that is down answers "try again later" with what was typed, never a 500.
  try {
    const { db, wakeMail } = await servicesOf(context);
    if (!(await formLimits.contact.hit(db, clientAddress(request)))) {
      return data({ state: "rateLimited" as const, values, errors: {} as ContactErrors }, { status: 429, headers: privateNoStore });
    }
    // Robots fill every field; people never see this one. They are told it worked, and nothing is kept.
    if (String(form[honeypotField] ?? "") !== "") return data({ state: "sent" as const }, { headers: privateNoStore });

    const checked = validateContact(form);
    if (!checked.ok) return data({ state: "invalid" as const, values, errors: checked.errors }, { status: 400, headers: privateNoStore });
    const saved = await saveContactMessage(db, { ...checked.message, language });
    await queueContactNotification(db, saved);
    wakeMail();
  } catch (error) {
    logger.error({ reason: (error as Error).message }, "A contact message could not be stored");
    return data({ state: "unavailable" as const, values, errors: {} as ContactErrors }, { status: 503, headers: privateNoStore });
  }
  return data({ state: "sent" as const }, { headers: privateNoStore });
}

export const headers: Route.HeadersFunction = actionOrLoaderHeaders;

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, "contact");

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const navigation = useNavigation();
  const idPrefix = useId();
  const id = (field: string) => `${idPrefix}-${field}`;
  const doneRef = useRef<HTMLHeadingElement>(null);
  const [sentAgain, setSentAgain] = useState(0);

  const answer = actionData;
  const sent = answer?.state === "sent" && sentAgain === 0;
  const failed = answer && answer.state !== "sent" ? answer : undefined;
  const { formRef, summaryRef, errors, summary, fieldEvents, onSubmit } = useFormChecks<ContactField>((form) => {
    const result = validateContact(form);
    return result.ok ? {} : result.errors;
  }, failed);
  const summaryFields = contactFields.filter((field) => summary?.[field]);
  const sending = navigation.state === "submitting";

  useEffect(() => {
    setSentAgain(0);
    if (answer?.state === "sent") doneRef.current?.focus();
  }, [answer]);

  const errorText = (field: ContactField) =>
    errors[field] ? t(`contact.errors.${errors[field]}` as "contact.errors.required") : undefined;
  const defaultSubject = loaderData.suggestedSubject === "chat" ? t("contact.chatSubject") : "";

  return (
    <>
      <PageHeading title={t("contact.heading")} lead={t("contact.intro")} />
      <div className="container-page grid max-w-5xl gap-10 py-10 lg:grid-cols-[1fr_18rem]">
        {sent ? (
          <div role="status" className="rounded-card border border-success/40 bg-success/10 p-8">
            <h2 ref={doneRef} tabIndex={-1} className="text-2xl font-bold text-text outline-none">
              {t("contact.sent")}
            </h2>
            <p className="mt-3 text-text/90">{t("contact.sentText")}</p>
            <button
              type="button"
              onClick={() => setSentAgain(1)}
              className="mt-6 min-h-11 rounded-full border border-line px-5 font-semibold text-text hover:border-accent"
            >
              {t("contact.another")}
            </button>
          </div>
        ) : (
          <Form
            ref={formRef}
            method="post"
            noValidate
            className="grid gap-5 rounded-card border border-line bg-surface p-6 sm:p-8"
            onSubmit={onSubmit}
          >
            {failed && failed.state !== "invalid" && (
              <div ref={summaryRef} tabIndex={-1} role="alert" className="rounded-xl border border-danger/50 bg-danger/10 p-4 outline-none">
                <p className="font-semibold text-text">{t(`contact.${failed.state}`)}</p>
              </div>
            )}
            {summaryFields.length > 0 && (
              <ErrorSummary
                heading={t("contact.errorSummary")}
                summaryRef={summaryRef}
                items={summaryFields.map((field) => ({
                  fieldId: id(field),
                  text: `${t(`contact.fields.${field}`)}: ${t(`contact.errors.${summary?.[field]}` as "contact.errors.required")}`,
                }))}
              />
            )}
            <div className="grid gap-5 sm:grid-cols-2">
              {(["name", "email"] as const).map((field) => (
                <FormField key={field} id={id(field)} label={t(`contact.fields.${field}`)} error={errorText(field)}>
                  {(describedBy, invalid) => (
                    <input
                      id={id(field)}
                      name={field}
                      type={field === "email" ? "email" : "text"}
                      autoComplete={field === "email" ? "email" : "name"}
                      defaultValue={failed?.values[field]}
                      maxLength={contactLimits[field].max}
                      aria-invalid={invalid}
                      aria-describedby={describedBy}
                      {...fieldEvents(field)}
                      className={inputClass}
                    />
                  )}
                </FormField>
              ))}
            </div>
            <FormField id={id("subject")} label={t("contact.fields.subject")} error={errorText("subject")}>
              {(describedBy, invalid) => (
                <input
                  id={id("subject")}
                  name="subject"
                  defaultValue={failed?.values.subject ?? defaultSubject}
                  maxLength={contactLimits.subject.max}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  {...fieldEvents("subject")}
                  className={inputClass}
                />
              )}
            </FormField>
            <FormField id={id("message")} label={t("contact.fields.message")} error={errorText("message")}>
              {(describedBy, invalid) => (
                <textarea
                  id={id("message")}
                  name="message"
                  rows={7}
                  defaultValue={failed?.values.message}
                  maxLength={contactLimits.message.max}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  {...fieldEvents("message")}
                  className={`${inputClass} py-3`}
                />
              )}
            </FormField>
            {/* Hidden from people and from assistive technology; only robots fill it in. */}
            <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
              <label htmlFor={id(honeypotField)}>{t("contact.honeypot")}</label>
              <input id={id(honeypotField)} name={honeypotField} type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <div className="flex flex-wrap items-center justify-end gap-4">
              <SubmitStatus busy={sending} text={t("contact.sending")} />
              <button
                type="submit"
                disabled={sending}
                className="min-h-12 rounded-full bg-cta px-8 font-semibold text-white disabled:opacity-60"
              >
                {t("contact.send")}
              </button>
            </div>
          </Form>
        )}
        <aside className="text-sm leading-relaxed text-muted">
          <p>{t("contact.aside")}</p>
          <p className="mt-4 flex flex-col gap-2">
            <Link to={localized("/blog?category=devices")} className="text-accent underline underline-offset-2">
              {t("blog.categories.devices")}
            </Link>
            <Link to={localized("/#faq")} className="text-accent underline underline-offset-2">
              {t("nav.faq")}
            </Link>
          </p>
        </aside>
      </div>
    </>
  );
}
