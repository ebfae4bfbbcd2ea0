/**
 * Where the build reads the blog's articles: `content/blog/` unless `BLOG_CONTENT_DIR` names another folder
 * (the scale bench points it at a generated one). app/content/blog.server.ts globs `@blog-content/*\/*.md`,
 * and every Vite that loads it (the build, the unit tests, the social-card script) gets this alias.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function blogContentDir(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.BLOG_CONTENT_DIR?.trim();
  return configured ? path.resolve(root, configured) : path.join(root, "content/blog");
}

export function blogContentAlias(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return { "@blog-content": blogContentDir(env) };
}
