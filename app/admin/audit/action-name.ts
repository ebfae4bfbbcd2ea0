import type { AdminText, AdminTextKey } from "../text";

/** An action in the operator's words; one no text names yet (a newer feature's) under its raw name. */
export function actionName(t: AdminText["t"], action: string): string {
  const key = `audit.actions.${action}`;
  const text = t(key as AdminTextKey);
  return text === key ? action : text;
}
