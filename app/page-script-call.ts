/**
 * A page script built from its module in app/browser/ (scripts/bundle/page-scripts.ts) that exports a
 * function defines it under this name; the page calls it after the definition, in the same `<script>`.
 */
export const pageScriptName = "pageScript";

/**
 * The call of a page script's function with `args` (JSON values), as it is written into the page: after the
 * built script, in a module script, so that the name stays in it. `<` is escaped: a `</script>` in a value (a
 * configured URL) would end the element.
 */
export function pageScriptCall(...args: (string | number | null)[]): string {
  return `${pageScriptName}(${args.map((arg) => JSON.stringify(arg).replaceAll("<", "\\u003c")).join(",")})`;
}
