import type { InputHTMLAttributes, ReactNode } from "react";

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}

/** A label, the control, an optional hint and the field's error, tied together for screen readers. */
export function FormField({ id, label, error, hint, className = "", children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-text">
        {label}
      </label>
      {children(describedBy, Boolean(error))}
      {error && (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm text-danger">
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" fill="currentColor" className="mt-0.5 shrink-0">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm-.9 4h1.8v5H9.1zm0 6.5h1.8v1.8H9.1z" />
          </svg>
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

export const inputClass =
  "mt-1.5 block min-h-12 w-full rounded-xl border border-line bg-ink px-4 text-text placeholder:text-muted/70 focus:border-accent aria-[invalid=true]:border-danger";

export type InputProps = InputHTMLAttributes<HTMLInputElement>;
