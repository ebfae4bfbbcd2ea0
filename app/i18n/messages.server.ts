import { perLanguage } from "../../common/content-files";
import type { Messages } from "./i18n";

const files = import.meta.glob<Messages>("../../content/locales/*.json", { eager: true, import: "default" });

/** Every language's messages, bundled into the server only. */
export const allMessages = perLanguage(files, (language) => `../../content/locales/${language}.json`);
