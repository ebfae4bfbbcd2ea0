import type { Messages } from "../i18n/i18n";
import { useTranslation } from "../i18n/use-translation";
import { SectionHeading } from "./SectionHeading";

type FeatureKey = keyof Messages["features"]["items"];

/** Each feature's icon, drawn as a 24px stroke path. */
const icons: Record<FeatureKey, string> = {
  quality: "M3 5h18v12H3zM8 21h8M7 9h2v4M7 11h2M12 9h1.5a2 2 0 0 1 0 4H12z",
  devices: "M2 4h14v10H2zM6 18h6M18 8h4v12h-4z",
  payPerView: "M4 7h16v11H4zM8 3l4 4 4-4M10 11l4 1.5-4 1.5z",
  antiFreeze: "M12 2v20M4.9 6l14.2 12M19.1 6 4.9 18M9 3.5 12 6l3-2.5M9 20.5 12 18l3 2.5",
  support: "M4 13a8 8 0 0 1 16 0v4a2 2 0 0 1-2 2h-2v-6h4M4 13h4v6H6a2 2 0 0 1-2-2z",
  activation: "M13 2 4 14h7l-1 8 9-12h-7z",
  catchUp: "M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3",
  servers: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z",
};

export function Features() {
  const { t } = useTranslation();
  const keys = Object.keys(icons) as FeatureKey[];
  return (
    <section aria-labelledby="features-title" className="py-20 lg:py-28">
      <div className="container-page">
        <SectionHeading id="features-title" title={t("features.heading")} lead={t("features.intro")} />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {keys.map((key) => (
            <li key={key} className="rounded-card border border-line bg-surface p-6 transition-transform hover:-translate-y-1">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-accent-strong/20 text-accent">
                <svg
                  viewBox="0 0 24 24"
                  width="24"
                  height="24"
                  aria-hidden="true"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={icons[key]} />
                </svg>
              </span>
              <h3 className="mt-5 text-lg font-bold text-text">{t(`features.items.${key}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{t(`features.items.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
