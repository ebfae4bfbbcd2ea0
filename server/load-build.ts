import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

/**
 * The built app, for a server process or its job process. Importing it validates the content
 * (app/entry.server.tsx), so a broken content file or a missing build stops the start here with its message
 * and no stack trace.
 */
export async function loadBuild(): Promise<ServerBuild> {
  const entry = resolve("build/server/index.js");
  if (!existsSync(entry)) {
    console.error("The site is not built yet: run `npm run build` first (or `npm start`).");
    process.exit(1);
  }
  try {
    return (await import(pathToFileURL(entry).href)) as ServerBuild;
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
