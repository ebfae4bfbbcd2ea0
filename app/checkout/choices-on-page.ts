import { findPlan, isViewerCount, type ViewerCount } from "../content/plans";

export interface ChoicesOnPage {
  plan?: string;
  viewers?: ViewerCount;
  /** Absent when the form offers no "renew automatically" box. */
  renewing?: boolean;
  country?: { code: string; name: string };
}

/**
 * The checkout's choices as its form shows them: what the visitor picked, whether or not the page's app was
 * awake to hear it. Only choices the shop knows are taken; anything else is left to the server's state.
 */
export function choicesOnPage(form: HTMLFormElement): ChoicesOnPage {
  const field = (name: string) => form.elements.namedItem(name);
  const plan = field("plan");
  const viewers = field("viewers");
  const renewing = field("renewAutomatically");
  const country = field("country");
  const count = viewers instanceof RadioNodeList ? Number(viewers.value) : Number.NaN;
  return {
    plan: plan instanceof HTMLSelectElement && findPlan(plan.value) ? plan.value : undefined,
    viewers: isViewerCount(count) ? count : undefined,
    renewing: renewing instanceof HTMLInputElement && renewing.type === "checkbox" ? renewing.checked : undefined,
    country:
      country instanceof HTMLSelectElement ? { code: country.value, name: country.selectedOptions[0]?.text ?? country.value } : undefined,
  };
}
