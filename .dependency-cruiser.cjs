/**
 * The direction of imports, checked by `npm run check:deps` (part of `npm test`): no cycles, no import the
 * layer map (scripts/dependencies/layers.cjs) does not allow, no test code in production, and the common
 * modules pure. docs/architecture.md explains the layers; scripts/dependencies/check.test.ts shows the check
 * failing on planted imports.
 */
const { layers } = require("./scripts/dependencies/layers.cjs");

const byName = Object.fromEntries(layers.map((layer) => [layer.name, layer]));
const either = (paths) => paths.map((path) => `(${path})`).join("|");
/** A layer's files: its own pattern, minus those of the layers listed before it (the first match wins). */
const filesOf = (layer) => ({
  path: layer.path,
  pathNot: either(layers.slice(0, layers.indexOf(layer)).map((earlier) => earlier.path)) || undefined,
});
/**
 * One rule per pair of production layers that must not meet: "infra-to-domain" fails on an import from the
 * infrastructure into the domain. Imports of test code have their own rule below.
 */
const production = layers.filter((layer) => layer.name !== "tests");
const layerRules = production.flatMap((from) =>
  production
    .filter((to) => to !== from && !from.mayImport.includes(to.name))
    .map((to) => ({
      name: `${from.name}-to-${to.name}`,
      comment: `${from.name} (${from.about}) imports only ${[from.name, ...from.mayImport].join(", ")}`,
      severity: "error",
      from: filesOf(from),
      to: filesOf(to),
    })),
);

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Two files that import each other, however far round, can be neither understood nor changed alone",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-test-code-in-production",
      comment: "Production code never imports tests, their support or a test helper",
      severity: "error",
      from: { pathNot: byName.tests.path },
      to: { path: either([byName.tests.path, "test-bed|test-support|test-receiver|testing|fixture"]) },
    },
    {
      name: "test-helpers-in-tests",
      comment: "Test helpers live in tests/support/, not beside production code",
      severity: "error",
      from: { path: "test-bed|test-support|test-receiver|testing|fixture", pathNot: "^tests/" },
      to: {},
    },
    {
      name: "common-is-pure",
      comment: "The common modules import each other only: no package, no Node module, nothing of a layer",
      severity: "error",
      from: filesOf(byName.common),
      to: { pathNot: byName.common.path },
    },
    {
      name: "browser-code-stands-alone",
      comment:
        "A page carries its inline scripts, built from app/browser/, with all they import: they import app/browser/ only (types aside)",
      severity: "error",
      from: { path: "^app/browser/", pathNot: byName.tests.path },
      to: { pathNot: "^app/browser/", dependencyTypesNot: ["type-only"] },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router)/" },
    // Type-only imports count: a cycle of types still ties the files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
