import { z } from "zod";

/**
 * zod for the code that also runs in the browser. zod compiles its object checks with `new Function` unless
 * told not to, and it tries that as soon as a schema is defined; the pages' Content-Security-Policy forbids
 * it (and reports the attempt). So the browser's schemas import zod from here, where it is set to interpret.
 */
z.config({ jitless: true });

export { z };
