import type { ReactNode } from "react";

/** The top of every page other than the landing page: its one h1, an optional lead, room under the header. */
export function PageHeading({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="relative overflow-hidden border-b border-line bg-[radial-gradient(ellipse_at_top,rgb(124_58_237/0.28),transparent_65%)] pt-32 pb-14">
      <div className="container-page max-w-4xl">
        <h1 className="text-4xl font-extrabold tracking-tight text-text sm:text-5xl">{title}</h1>
        {lead && <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
