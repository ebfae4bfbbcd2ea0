import { cloneElement, Fragment, type ReactElement } from "react";

export type TextPart = { text: string } | { tag: string; text: string };

/** "Choose a <plansLink>plan</plansLink>." → the plain runs and the tagged ones, in order (tags do not nest). */
export function splitTags(message: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of message.matchAll(/<(\w+)>(.*?)<\/\1>/gs)) {
    if (match.index > last) parts.push({ text: message.slice(last, match.index) });
    parts.push({ tag: match[1] ?? "", text: match[2] ?? "" });
    last = match.index + match[0].length;
  }
  if (last < message.length) parts.push({ text: message.slice(last) });
  return parts;
}

/**
 * A translated sentence with elements inside it: each `<name>…</name>` of the message becomes the element
 * given for `name`, with the tagged words as its children, so translators move links within the sentence.
 * A tag with no element given shows its words only.
 */
export function RichText({ message, elements }: { message: string; elements: Record<string, ReactElement> }) {
  return splitTags(message).map((part, index) => {
    const element = "tag" in part ? elements[part.tag] : undefined;
    // The parts of one message never reorder, so their position is their identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    return element ? cloneElement(element, { key: index }, part.text) : <Fragment key={index}>{part.text}</Fragment>;
  });
}
