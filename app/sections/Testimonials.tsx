import { useTranslation } from "../i18n/use-translation";
import { SectionHeading } from "./SectionHeading";

export function Testimonials() {
  const { t, items } = useTranslation();
  const entries = items("testimonials.items");
  return (
    <section aria-labelledby="testimonials-title" className="py-20 lg:py-28">
      <div className="container-page">
        <SectionHeading id="testimonials-title" title={t("testimonials.heading")} />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {entries.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-card border border-line bg-surface p-7">
                <p className="flex gap-1 text-amber-300" role="img" aria-label={t("testimonials.ratingLabel")}>
                  {[1, 2, 3, 4, 5].map((star) => (
                    <svg key={star} viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="currentColor">
                      <path d="m10 1.5 2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z" />
                    </svg>
                  ))}
                </p>
                <blockquote className="mt-5 flex-1 text-base leading-relaxed text-text/90">
                  <p>“{item.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 text-sm">
                  <span className="block font-semibold text-text">{item.name}</span>
                  <span className="block text-muted">{item.place}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
