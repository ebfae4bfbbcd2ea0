import { createContext, useContext } from "react";

/** The Content-Security-Policy nonce of the response being rendered; empty in the browser. */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
