/** The order pages' shared looks, so every button and field of the console's order pages matches. */
export const primaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-cta px-5 font-semibold text-white disabled:opacity-60";
export const secondaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-full border border-line px-5 font-semibold text-text hover:border-accent disabled:opacity-60";
export const dangerButton =
  "inline-flex min-h-11 items-center justify-center rounded-full border border-danger/60 bg-danger/10 px-5 font-semibold text-danger disabled:opacity-60";
export const inputClass =
  "mt-1.5 block min-h-11 w-full rounded-xl border border-line bg-ink px-4 text-text aria-[invalid=true]:border-danger";
export const panelClass = "rounded-card border border-line bg-surface p-5 sm:p-6";
export const linkClass = "font-semibold text-text underline underline-offset-2 hover:text-accent";
