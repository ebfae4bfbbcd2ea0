import { Picture } from "../components/Picture";
import { useTranslation } from "../i18n/use-translation";
import type { ImageName } from "../images";
import { SectionHeading } from "./SectionHeading";

/** Poster-style artwork made for the site, one per item of the showcase text, in order. */
const posters: ImageName[] = ["poster-1", "poster-2", "poster-3", "poster-4", "poster-5", "poster-6"];

export function Showcase() {
  const { t, items } = useTranslation();
  const entries = items("showcase.items");
  return (
    <section aria-labelledby="showcase-title" className="py-20 lg:py-28">
      <div className="container-page">
        <SectionHeading id="showcase-title" title={t("showcase.heading")} lead={t("showcase.intro")} />
        <ul className="mt-12 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {entries.map((item, index) => (
            <li key={item.title}>
              <figure className="group">
                <div className="overflow-hidden rounded-2xl border border-line">
                  <Picture
                    name={posters[index % posters.length] as ImageName}
                    alt=""
                    sizes="(min-width: 1024px) 15vw, (min-width: 640px) 30vw, 45vw"
                    className="aspect-[2/3] w-full object-cover transition-transform duration-500 group-hover:scale-105"
                  />
                </div>
                <figcaption className="mt-3">
                  <span className="block font-semibold text-text">{item.title}</span>
                  <span className="block text-sm text-muted">{item.genre}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
