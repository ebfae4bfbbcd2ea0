import { useId } from "react";
import { secondaryButton } from "../orders/ui";

/**
 * A file to download as a plain link: the browser saves it, with or without JavaScript, and should the
 * session have ended it shows the sign-in page instead of saving that page as the file.
 */
export function Download({ href, label, hint }: { href: string; label: string; hint: string }) {
  const id = useId();
  return (
    <p className="mt-4">
      <a href={href} aria-describedby={id} className={secondaryButton}>
        {label}
      </a>
      <span id={id} className="mt-1.5 block text-xs text-muted">
        {hint}
      </span>
    </p>
  );
}
