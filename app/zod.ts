import { z } from "zod";

/**
 * zod for the code that also runs in the browser. zod compiles its object checks with `new Function` unless
 * told not to, and it tries that as soon as a schema is defined; the pages' Content-Security-Policy forbids
 * it (and reports the attempt). So the browser's schemas import zod from here, where it is set to interpret.
 */
z.config({ jitless: true });

export { z };

/**
 * A schema built the first time it is needed. Building the checkout's schema was 40 ms of a phone's main
 * thread while the page hydrated (docs/decisions/0009-less-work-while-hydrating.md); a form needs it only
 * when a field is left or submitted.
 */
export function lazySchema<Schema>(build: () => Schema): () => Schema {
  let built: Schema | undefined;
  return () => {
    built ??= build();
    return built;
  };
}
