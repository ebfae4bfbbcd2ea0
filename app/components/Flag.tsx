import { createElement } from "react";
import { type Language, languageFacts } from "../../common/languages";

/** The language's flag for the picker, drawn from the shapes its entry in common/languages.ts lists. */
export function Flag({ language }: { language: Language }) {
  return (
    <svg viewBox="0 0 30 20" width="24" height="16" aria-hidden="true" focusable="false" className="shrink-0 rounded-[3px]">
      {languageFacts(language).flag.map(([element, attributes], index) => createElement(element, { key: index, ...attributes }))}
    </svg>
  );
}
