import type { detectOnLanding } from "../i18n/detect-on-landing";

/** What a page that runs the language detection of a first visit hands it (app/page-scripts.server.ts). */
export interface LanguageDetection {
  /** The URL of the detection's own module, built apart from the app (scripts/bundle/standalone-script.ts). */
  script: string;
  /** Where the detection asks for the visitor's country. */
  endpoint: string;
  timeoutMs: number;
}

/**
 * Imports the language detection once the page is idle and runs it
 * (docs/decisions/0034-hydration-on-first-interaction.md). A failed import is said in the console, never
 * thrown at the page. Under Vite's development server the page runs this alone.
 */
export default function detectLanguageWhenIdle(script: string, endpoint: string, timeoutMs: number): void {
  const whenIdle = globalThis.requestIdleCallback ?? ((work: () => void) => setTimeout(work, 200));
  const detect = () =>
    (import(/* @vite-ignore */ script) as Promise<{ detectOnLanding: typeof detectOnLanding }>)
      .then((module) => module.detectOnLanding(endpoint, timeoutMs))
      .catch((error: unknown) => console.warn("The language detection did not run.", error));
  whenIdle(detect, { timeout: 3000 });
}
