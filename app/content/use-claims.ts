import { useLanguage } from "../i18n/use-language";
import { type ClaimVariables, claimVariables } from "./claims";

/** The marketing figures formatted for the page's language. */
export function useClaims(): ClaimVariables {
  return claimVariables(useLanguage());
}
