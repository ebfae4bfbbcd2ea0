/**
 * What a route module exports as `handle` to have its page's app load as soon as the page has painted, not at
 * the visitor's first interaction (docs/decisions/0034-hydration-on-first-interaction.md): a page whose script
 * has work to do unasked (the console, the customer's account, a payment's outcome that is polled and
 * announced).
 */
export interface PageHandle {
  hydrate?: "after-paint";
}
