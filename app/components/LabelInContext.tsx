/**
 * A control's visible label, then what it acts on for those who hear it rather than see the card around it
 * ("Renew" · "the Gold plan, reference NS-…"). The accessible name starts with the words on screen, so someone
 * using voice control reaches the control by saying what they see (WCAG 2.5.3, Label in Name).
 */
export function LabelInContext({ label, context }: { label: string; context: string }) {
  return (
    <>
      {label}
      <span className="sr-only"> {context}</span>
    </>
  );
}
