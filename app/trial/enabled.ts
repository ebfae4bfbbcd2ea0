import { data } from "react-router";
import { site } from "../../content/site";

/** With the trial turned off in content/site.ts, its pages do not exist: a 404, like any unknown path. */
export function requireTrialEnabled(): void {
  if (!site.trial.enabled) throw data(null, { status: 404 });
}
