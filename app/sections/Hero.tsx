import { Picture } from "../components/Picture";
import { useSectionLink } from "../components/section-navigation";
import { useClaims } from "../content/use-claims";
import { RichText } from "../i18n/rich-text";
import { useTranslation } from "../i18n/use-translation";

/** The hero image's rendered width at each viewport; the page's preload uses the same value. */
export const heroImageSizes = "(min-width: 1280px) 560px, (min-width: 1024px) 44vw, calc(100vw - 2.5rem)";

export function Hero() {
  const { t } = useTranslation();
  const sectionLink = useSectionLink();
  const claims = useClaims();

  const stats = [
    { value: claims.channelsShort, label: t("hero.stats.channels"), claim: "channels" },
    { value: t("hero.stats.qualityValue"), label: t("hero.stats.quality"), claim: undefined },
    { value: t("hero.stats.supportValue"), label: t("hero.stats.support"), claim: undefined },
  ];

  return (
    <section
      id="home"
      tabIndex={-1}
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden pt-28 pb-16 outline-none lg:pt-36 lg:pb-24"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_20%_0%,rgb(124_58_237/0.35),transparent_55%),radial-gradient(ellipse_at_90%_30%,rgb(236_72_153/0.22),transparent_50%)]"
      />
      <div className="container-page grid items-center gap-12 lg:grid-cols-[1.05fr_1fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.18em] text-accent">{t("hero.eyebrow")}</p>
          <h1 id="hero-title" className="mt-4 text-4xl font-extrabold leading-[1.08] tracking-tight text-text sm:text-5xl lg:text-6xl">
            {t("hero.title")}
          </h1>
          <p className="mt-6 text-lg font-medium text-text/90 sm:text-xl">{t("hero.subtitle")}</p>
          <p className="mt-2 text-base text-muted sm:text-lg">{t("hero.subtitle2")}</p>
          <p className="mt-5 max-w-xl text-base leading-relaxed text-muted">
            <RichText
              message={t("hero.description")}
              elements={{
                plansLink: <a className="font-semibold text-accent underline underline-offset-4" {...sectionLink("plans")} />,
                faqLink: <a className="font-semibold text-accent underline underline-offset-4" {...sectionLink("faq")} />,
              }}
            />
          </p>

          <dl className="mt-8 grid max-w-md grid-cols-3 gap-3">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse rounded-2xl border border-line bg-surface/70 px-2 py-4 text-center">
                <dt className="mt-1 text-xs font-medium uppercase tracking-wider text-muted">{stat.label}</dt>
                <dd
                  className="text-xl font-extrabold whitespace-nowrap text-gradient min-[400px]:text-2xl sm:text-3xl"
                  data-claim={stat.claim}
                >
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>

          <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4">
            <a
              {...sectionLink("plans")}
              className="inline-flex min-h-13 items-center gap-2 rounded-full bg-cta px-8 text-lg font-semibold text-white shadow-xl shadow-accent-strong/30 transition-transform hover:-translate-y-0.5"
            >
              {t("hero.getStarted")}
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" fill="currentColor">
                <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4L11.6 10 7.3 5.7a1 1 0 0 1 0-1.4z" />
              </svg>
            </a>
          </div>

          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-3 text-sm text-muted">
            <li className="flex items-center gap-2">
              <BadgeIcon path="M11 2 4 13h6l-1 9 7-11h-6z" />
              {t("hero.badges.instantActivation")}
            </li>
            <li className="flex items-center gap-2">
              <BadgeIcon path="m12 3 2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6-4.5-4.2 6.1-.7z" />
              {t("hero.badges.rated")}
            </li>
            <li className="flex items-center gap-2">
              <BadgeIcon path="M16 11a4 4 0 1 0-8 0M4 20c0-3 3.6-5 8-5s8 2 8 5M12 3a3 3 0 1 1 0 6 3 3 0 0 1 0-6" />
              {t("hero.badges.customers")}
            </li>
          </ul>
        </div>

        <div className="relative">
          <div aria-hidden="true" className="absolute -inset-6 -z-10 rounded-[2rem] bg-cta opacity-25 blur-3xl" />
          <Picture
            name="hero"
            alt={t("hero.imageAlt")}
            sizes={heroImageSizes}
            priority
            className="aspect-[8/5] w-full rounded-[1.75rem] border border-line object-cover shadow-2xl"
          />
        </div>
      </div>
    </section>
  );
}

function BadgeIcon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      fill="none"
      stroke="var(--color-accent)"
      strokeWidth="2"
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      <path d={path} />
    </svg>
  );
}
