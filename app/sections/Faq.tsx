import { useTranslation } from "../i18n/use-translation";
import { SectionHeading } from "./SectionHeading";

/** Native disclosure widgets: keyboard and screen-reader support without script, and they work before hydration. */
export function Faq() {
  const { t, items } = useTranslation();
  const entries = items("faq.items");
  return (
    <section aria-labelledby="faq-title" className="py-20 lg:py-28">
      <div className="container-page max-w-3xl">
        <SectionHeading id="faq-title" title={t("faq.heading")} lead={t("faq.intro")} />
        <div className="mt-12 space-y-3">
          {entries.map((item) => (
            <details key={item.question} className="group rounded-2xl border border-line bg-surface open:border-accent/60">
              <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-6 py-4 text-left font-semibold text-text [&::-webkit-details-marker]:hidden">
                <span className="text-base">{item.question}</span>
                <svg
                  viewBox="0 0 20 20"
                  width="20"
                  height="20"
                  aria-hidden="true"
                  className="shrink-0 text-accent transition-transform group-open:rotate-45"
                  fill="currentColor"
                >
                  <path d="M10 3a1 1 0 0 1 1 1v5h5a1 1 0 1 1 0 2h-5v5a1 1 0 1 1-2 0v-5H4a1 1 0 1 1 0-2h5V4a1 1 0 0 1 1-1z" />
                </svg>
              </summary>
              <p className="px-6 pb-6 leading-relaxed text-muted">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
