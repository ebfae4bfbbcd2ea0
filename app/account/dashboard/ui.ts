/** The dashboard's few recurring looks, so its sections match each other and the checkout. */
export const card = "rounded-card border border-line bg-surface p-5 sm:p-6";
export const sectionHeading = "text-2xl font-bold text-text";
export const primaryButton =
  "inline-flex min-h-12 items-center justify-center rounded-full bg-cta px-6 font-semibold text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent";
export const secondaryButton =
  "inline-flex min-h-12 items-center justify-center rounded-full border border-line px-6 font-semibold text-text hover:border-accent focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent";
export const textLink = "text-accent underline underline-offset-2 hover:text-text";
