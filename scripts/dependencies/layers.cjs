/**
 * The layers of the code, from the edges inwards (docs/architecture.md has the picture). A file belongs to
 * the first layer whose `path` matches it, relative to the repository. A layer may import its own files and
 * those of the layers in `mayImport`, nothing else of this repository: an import the map does not allow is
 * an import the wrong way. `.dependency-cruiser.cjs` turns this map into rules; scripts/dependencies/figures.ts
 * counts files and imports by it.
 */
const layers = [
  {
    name: "tests",
    about: "unit tests beside the code, Playwright and reliability suites, and what they share (tests/support/)",
    path: String.raw`^tests/|\.(test|spec)\.tsx?$|^(vitest|playwright)\.config\.ts$`,
    mayImport: ["tools", "host", "ui", "domain", "infra", "common"],
  },
  {
    name: "tools",
    about: "build steps, the benchmark, screenshots, the operator's command line, the signature snippet",
    path: String.raw`^scripts/|^examples/|^(vite|react-router)\.config\.ts$`,
    mayImport: ["host", "ui", "domain", "infra", "common"],
  },
  {
    name: "host",
    about: "the HTTP host: process and cluster, node:http, the fast lane, page cache, static files, headers",
    path: String.raw`^server/geolocation/|^server/(?!(config|logger|private-files|cookies)\.ts$)[^/]+$`,
    mayImport: ["infra", "common"],
  },
  {
    name: "ui",
    about: "routes, components, the root, the entries, the pages' inline scripts and the wiring of the services they hand to the domain",
    path: String.raw`^app/(routes|components|sections|browser)/|^app/.+\.(tsx|css)$|^app/(routes|csp\.server|favicon|hydrate-after-paint|opener-policy\.server|page-script-call|page-scripts\.server|page-handle|react-router-output|service-host\.server)\.ts$`,
    mayImport: ["domain", "infra", "common"],
  },
  {
    name: "domain",
    about: "the shop's rules: checkout, payments settled, fulfilment, renewals, jobs, the console's actions, content",
    path: "^app/",
    mayImport: ["infra", "common"],
  },
  {
    name: "infra",
    about: "database, mail, job queue, payment processors, provisioning client, console crypto, configuration, log",
    path: "^server/",
    mayImport: ["common"],
  },
  {
    name: "common",
    about: "pure modules both sides use (languages, card brands, form reading) and the operator's content",
    path: "^(common|content)/",
    mayImport: [],
  },
];

module.exports = { layers };
