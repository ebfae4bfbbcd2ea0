import type { Language } from "../../common/languages";

/** Small flags for the language picker, drawn here: the United Kingdom, Spain and France. */
export function Flag({ language }: { language: Language }) {
  return (
    <svg viewBox="0 0 30 20" width="24" height="16" aria-hidden="true" focusable="false" className="shrink-0 rounded-[3px]">
      {language === "en" && (
        <>
          <rect width="30" height="20" fill="#012169" />
          <path d="M0 0 30 20M30 0 0 20" stroke="#fff" strokeWidth="4" />
          <path d="M0 0 30 20M30 0 0 20" stroke="#C8102E" strokeWidth="1.6" />
          <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
          <path d="M15 0v20M0 10h30" stroke="#C8102E" strokeWidth="3.4" />
        </>
      )}
      {language === "es" && (
        <>
          <rect width="30" height="20" fill="#AA151B" />
          <rect y="5" width="30" height="10" fill="#F1BF00" />
        </>
      )}
      {language === "fr" && (
        <>
          <rect width="30" height="20" fill="#fff" />
          <rect width="10" height="20" fill="#002654" />
          <rect x="20" width="10" height="20" fill="#CE1126" />
        </>
      )}
    </svg>
  );
}
