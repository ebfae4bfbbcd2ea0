import type { ReactNode } from "react";

/** An account page's frame: its one h1, an optional lead, then what the page is for. */
export function SignInPage({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <section aria-labelledby="account-page-title">
      <h1 id="account-page-title" className="font-display text-3xl font-bold text-white">
        {title}
      </h1>
      {lead && <p className="mt-4 text-lg text-muted">{lead}</p>}
      {children}
    </section>
  );
}

/** A message the page answers with: announced by screen readers, coloured by what it says. */
export function Notice({ tone, children }: { tone: "good" | "bad"; children: ReactNode }) {
  const colours = tone === "good" ? "border-success/40 bg-success/10" : "border-danger/50 bg-danger/10";
  return (
    <p role={tone === "good" ? "status" : "alert"} className={`mt-6 rounded-card border p-4 text-text ${colours}`}>
      {children}
    </p>
  );
}

export const primaryButton = "min-h-12 rounded-full bg-cta px-6 font-semibold text-white disabled:opacity-60";
export const secondaryButton = "min-h-12 rounded-full border border-line px-6 font-semibold text-text hover:border-accent";
