import { firstInteraction } from "./first-interaction";
import { closeMenuOnLinkUntilWoken } from "./menu-closes-on-link";
import { painted } from "./painted";
import { addHeadLink, manifestPath } from "./wake";

/**
 * The script of a public page: as wake-after-paint.ts, and it also waits for the visitor's first interaction
 * (docs/decisions/0034-hydration-on-first-interaction.md). It listens from the start, so that what the visitor
 * does while the page paints counts, and until the app has woken, a link chosen in the menu closes it.
 * `afterPaint` comes from wake-at-interaction-detecting.ts, never from the page.
 */
export default async function wakeAtInteraction(entry: string | null, afterPaint?: () => void): Promise<void> {
  const interaction = firstInteraction();
  closeMenuOnLinkUntilWoken();
  await painted();
  addHeadLink("manifest", manifestPath);
  afterPaint?.();
  await interaction;
  if (entry) addHeadLink("modulepreload", entry);
}
