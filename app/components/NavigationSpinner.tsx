import { useNavigation } from "react-router";
import { Spinner } from "./Spinner";

/**
 * Shown while the next page's code and data load. It fades in after a short delay, so quick
 * navigations do not flash it; screen readers hear "Loading…" through the status role, in the `label` the
 * site or the console gives from its own texts.
 */
export function NavigationSpinner({ label }: { label: string }) {
  const loading = useNavigation().state === "loading";
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center">
      {loading && (
        <div
          data-testid="page-spinner"
          className="flex items-center gap-3 rounded-full border border-line bg-surface-2/95 px-5 py-3 text-accent shadow-header opacity-0 [animation:fade-in_200ms_ease-out_150ms_forwards]"
        >
          <Spinner size={24} />
          <span className="text-sm font-medium text-text">{label}</span>
        </div>
      )}
    </div>
  );
}
