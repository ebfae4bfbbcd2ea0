import { serverConfig } from "../../server/config.ts";
import { logger } from "../../server/logger.ts";
import { answerArticleCard } from "../social-card/article-card.server";
import { type CardStore, createCardStore } from "../social-card/card-store.server";
import type { Route } from "./+types/social-card";

let store: CardStore | undefined;

/** One store per process, in the folder the configuration names. */
function cardStore(): CardStore {
  store ??= createCardStore({
    directory: serverConfig().SOCIAL_CARD_CACHE_DIR,
    onKeepFailed: (error) => logger.warn({ reason: error.message }, "A social card was drawn but could not be kept on disk"),
  });
  return store;
}

/** /images/social/<language>/blog/<slug>.jpg: an article's social card, drawn on its first request (decision 0030). */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerArticleCard({
    request,
    language: params.language,
    file: params.file,
    store: cardStore(),
    onFailure: (error, path) =>
      logger.warn({ reason: error.message, path }, "A social card could not be drawn; the blog's card was answered"),
  });
}
