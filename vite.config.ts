import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { blogContentAlias } from "./scripts/bundle/blog-content.ts";
import { shellChunks } from "./scripts/bundle/chunk-groups.ts";
import { pageScripts } from "./scripts/bundle/page-scripts.ts";
import { standaloneScript } from "./scripts/bundle/standalone-script.ts";

const shell = shellChunks();

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    shell.plugin,
    // The language detection of a first visit runs before, and without, the app (app/page-scripts.server.ts).
    standaloneScript("language-detection", "app/i18n/detect-on-landing.ts"),
    // The scripts a page carries inline, each built from its module in app/browser/.
    pageScripts(),
  ],
  resolve: { tsconfigPaths: true, alias: blogContentAlias() },
  build: {
    // A strict CSP never meets an inlined asset: every font, image and script is a real file.
    assetsInlineLimit: 0,
    // No preload links added from scripts: a lazily loaded section's imports are in the shell, which the page
    // already has, and appending the links was a long task on a phone (React Router preloads route chunks itself).
    modulePreload: false,
    rolldownOptions: { output: { codeSplitting: { groups: shell.groups } } },
  },
});
