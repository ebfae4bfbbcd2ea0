import type { Ref } from "react";
import { Spinner } from "./Spinner";

export interface SummaryItem {
  /** The id of the field, for the link that takes the visitor to it. */
  fieldId: string;
  /** "Field label: what is wrong". */
  text: string;
}

/**
 * The problems found when a form was sent, as links to their fields. It takes focus so screen readers
 * announce it, and it stays put while the fields are corrected, so nothing moves under the pointer.
 */
export function ErrorSummary({ heading, items, summaryRef }: { heading: string; items: SummaryItem[]; summaryRef: Ref<HTMLDivElement> }) {
  return (
    <div ref={summaryRef} tabIndex={-1} role="alert" className="rounded-card border border-danger/50 bg-danger/10 p-5 outline-none">
      <p className="font-bold text-text">{heading}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {items.map((item) => (
          <li key={item.fieldId}>
            <a href={`#${item.fieldId}`} className="text-danger underline underline-offset-2">
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A live region saying the form is being sent (with a spinner) while it is. */
export function SubmitStatus({ busy, text }: { busy: boolean; text: string }) {
  return (
    <p role="status" className="flex items-center gap-3 font-medium text-accent">
      {busy && (
        <>
          <Spinner size={22} />
          {text}
        </>
      )}
    </p>
  );
}
