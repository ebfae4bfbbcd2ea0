import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { blogContentAlias } from "./scripts/bundle/blog-content.ts";
import { shellChunks } from "./scripts/bundle/chunk-groups.ts";

const shell = shellChunks();

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), shell.plugin],
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
