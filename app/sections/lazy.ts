import { lazyComponent } from "../components/lazy-component";

/**
 * The landing sections below the hero, each its own chunk: they render only when scrolled near (or all at
 * once for crawlers), so the landing page's first download carries none of their code
 * (docs/decisions/0010-landing-sections-on-first-interaction.md).
 */
const plans = lazyComponent(() => import("./Plans").then((module) => module.Plans));
const showcase = lazyComponent(() => import("./Showcase").then((module) => module.Showcase));
const features = lazyComponent(() => import("./Features").then((module) => module.Features));
const testimonials = lazyComponent(() => import("./Testimonials").then((module) => module.Testimonials));
const blogTeaser = lazyComponent(() => import("./BlogTeaser").then((module) => module.BlogTeaser));
const faq = lazyComponent(() => import("./Faq").then((module) => module.Faq));

export const Plans = plans.Component;
export const Showcase = showcase.Component;
export const Features = features.Component;
export const Testimonials = testimonials.Component;
export const BlogTeaser = blogTeaser.Component;
export const Faq = faq.Component;

/** Loads every section's code (at once for what has arrived): before jumping to a section, and at the visitor's first scroll. */
export function loadAllSections(): Promise<unknown> {
  return Promise.all([plans, showcase, features, testimonials, blogTeaser, faq].map((section) => section.preload()));
}
