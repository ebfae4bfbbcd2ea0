import { build, type Rolldown } from "vite";

/**
 * One browser entry built apart from the app, by a Vite build of its own: minified, in one file, sharing no
 * chunk with the app. `output` says the file's shape: an ES module whose exports a page imports, or a script
 * written into the page.
 */
export async function buildApart(entry: string, output: Rolldown.OutputOptions): Promise<Rolldown.OutputChunk> {
  const result = await build({
    configFile: false,
    logLevel: "warn",
    resolve: { tsconfigPaths: true },
    build: {
      write: false,
      minify: true,
      target: "es2022",
      modulePreload: false,
      // An entry of its own, keeping its exports (the page calls them), in one file.
      rolldownOptions: { input: entry, preserveEntrySignatures: "exports-only", output: { ...output, codeSplitting: false } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((bundle) => bundle.output).find((file) => file.type === "chunk");
  if (chunk?.type !== "chunk") throw new Error(`Building ${entry} gave no script.`);
  return chunk;
}
