/** The URL of the language detection script, built apart from the app (scripts/bundle/standalone-script.ts). */
declare module "virtual:language-detection" {
  const url: string;
  export default url;
}

/** A page script built from its module in app/browser/ (scripts/bundle/page-scripts.ts): the code the page carries. */
declare module "virtual:page-script/*" {
  const code: string;
  export default code;
}
