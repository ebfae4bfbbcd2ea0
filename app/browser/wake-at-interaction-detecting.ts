import detectLanguageWhenIdle from "./language-detection";
import wakeAtInteraction from "./wake-at-interaction";

/** wake-at-interaction.ts on a page that also runs the language detection of a first visit, once painted. */
export default function wakeAtInteractionDetecting(
  entry: string | null,
  script: string,
  endpoint: string,
  timeoutMs: number,
): Promise<void> {
  return wakeAtInteraction(entry, () => detectLanguageWhenIdle(script, endpoint, timeoutMs));
}
