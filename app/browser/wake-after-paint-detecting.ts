import detectLanguageWhenIdle from "./language-detection";
import wakeAfterPaint from "./wake-after-paint";

/** wake-after-paint.ts on a page that also runs the language detection of a first visit, once painted. */
export default function wakeAfterPaintDetecting(entry: string | null, script: string, endpoint: string, timeoutMs: number): Promise<void> {
  return wakeAfterPaint(entry, () => detectLanguageWhenIdle(script, endpoint, timeoutMs));
}
