/**
 * The feature folders of app/ in layers, from the entries inwards (docs/architecture.md, "Layers of app/").
 * A folder's production files (tests are left out) import only the folders listed after it: those of the
 * layers below, and those after it in its own layer. Two folders that import each other, or any ring of
 * them, would need an import back up the list, which `.dependency-cruiser.cjs` refuses; the files directly
 * in app/ (the services, the mail queueing, the root) belong to no folder and are not ordered here.
 * `npm run deps:layers` prints the folders' imports and any that go against this list.
 */
const featureLayers = [
  {
    name: "entries",
    about: "what a request or a job starts from: the routes, the landing page's sections, the jobs' registry",
    folders: ["routes", "sections", "jobs"],
  },
  {
    name: "features",
    about: "what a visitor, a customer or an operator does: the account, the free trial, the console, the checkout…",
    folders: ["account", "trial", "admin", "subscriptions", "fulfilment", "checkout", "renewals", "components", "newsletter", "contact"],
  },
  {
    name: "lifecycle",
    about: "an access's life (delivered, scheduled, renewed, extended, revoked) and the invoices",
    folders: ["access", "invoices"],
  },
  {
    name: "shared",
    about: "the operator's content read for the pages, the scripts a page carries inline, the messages, the social cards",
    folders: ["social-card", "content", "browser", "i18n"],
  },
];

module.exports = { featureLayers };
