import { data, type RouterContextProvider } from "react-router";
import type { Language } from "../../../common/languages";
import { privateNoStore } from "../../cache-control";

/** The answer to "mail me a sign-in" (filled in by the sign-in commit). */
export type SignInAnswer = { state: "mailed"; email: string } | { state: "invalid" } | { state: "rateLimited" } | { state: "unavailable" };

export async function requestSignIn(
  _context: Readonly<RouterContextProvider>,
  _request: Request,
  _form: Record<string, FormDataEntryValue>,
  _language: Language,
) {
  return data<SignInAnswer>({ state: "unavailable" }, { status: 503, headers: privateNoStore });
}
