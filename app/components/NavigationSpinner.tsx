import { useNavigation } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { Spinner } from "./Spinner";

/**
 * Shown while the next page's code and data load. It fades in after a short delay, so quick
 * navigations do not flash it; screen readers hear "Loading…" through the status role. The console, which
 * has its own texts, gives its `label`.
 */
export function NavigationSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  const loading = useNavigation().state === "loading";
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center">
      {loading && (
        <div
          data-testid="page-spinner"
          className="flex items-center gap-3 rounded-full border border-line bg-surface-2/95 px-5 py-3 text-accent shadow-header opacity-0 [animation:fade-in_200ms_ease-out_150ms_forwards]"
        >
          <Spinner size={24} />
          <span className="text-sm font-medium text-text">{label ?? t("common.loading")}</span>
        </div>
      )}
    </div>
  );
}
