import type { Language } from "../../common/languages";
import en from "../../content/locales/en.json";
import es from "../../content/locales/es.json";
import fr from "../../content/locales/fr.json";
import type { Messages } from "./i18n";

/** Every language's messages, bundled into the server only. */
export const allMessages: Record<Language, Messages> = { en, es, fr };
