import { type ClaimVariables, claimVariables } from "../../common/claims.ts";
import { useLanguage } from "../i18n/use-language";

/** The marketing figures formatted for the page's language. */
export function useClaims(): ClaimVariables {
  return claimVariables(useLanguage());
}
