/** The URL of the language detection script, built apart from the app (scripts/bundle/standalone-script.ts). */
declare module "virtual:language-detection" {
  const url: string;
  export default url;
}
