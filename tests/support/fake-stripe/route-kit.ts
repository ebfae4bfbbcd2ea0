/** What every endpoint of the double is made of: its context, its shape, and the fields several share. */
import { invalidRequest } from "./errors.ts";
import type { Ledger } from "./ledger.ts";
import { array, type FormObject, parseParams, string } from "./params.ts";
import type { EventRequest } from "./types.ts";

export interface RouteContext {
  params: FormObject;
  /** The object id in the path, when the route has one. */
  id: string;
  /** This API request, for the events it causes. */
  request: EventRequest;
}

/**
 * An endpoint. `prepare` checks the parameters and gives the work to do: an error before the work starts
 * is not kept for idempotent replays, one during it is (as on Stripe).
 */
export interface Route {
  method: "GET" | "POST" | "DELETE";
  pattern: RegExp;
  prepare(context: RouteContext): () => unknown;
}

export const url = string({
  check(value, param) {
    const parsed = URL.canParse(value) ? new URL(value) : undefined;
    if (parsed?.protocol !== "http:" && parsed?.protocol !== "https:") throw invalidRequest("Not a valid URL", param, "url_invalid");
    return value;
  },
});
export const expand = array(string());

/** A retrieval: the object, with `expand` applied. */
export function retrieve(ledger: Ledger, find: (id: string) => object) {
  return ({ params, id }: RouteContext) => {
    const p = parseParams({ expand }, params);
    return () => ledger.expand(find(id), p.expand ?? []);
  };
}
