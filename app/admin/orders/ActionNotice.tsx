import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import type { ActionResult } from "./action-result";
import { useMessageText } from "./format";

/**
 * What the last action did, in words: a status when it worked, an alert when it did not. It takes focus
 * when it appears, so keyboard and screen-reader users land on the answer.
 */
export function ActionNotice({ result }: { result: ActionResult | undefined }) {
  const words = useMessageText();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result?.message) ref.current?.focus();
  }, [result]);
  if (!result?.message) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={result.ok ? "status" : "alert"}
      className={`mt-6 rounded-card border p-4 font-semibold text-text outline-none ${
        result.ok ? "border-success/50 bg-success/10" : "border-danger/50 bg-danger/10"
      }`}
    >
      {words(result.message)}
    </div>
  );
}

/** Whether the form of this intent is being sent right now. */
export function useSending(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}
