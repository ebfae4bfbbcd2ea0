/**
 * The direction of imports, checked by `npm run check:deps` (part of `npm test`): no cycles, no import the
 * layer map (scripts/dependencies/layers.cjs) does not allow, no test code in production, the common modules
 * pure, and the feature folders of app/ in the order of scripts/dependencies/features.cjs. docs/architecture.md
 * explains the layers; scripts/dependencies/check.test.ts shows the check failing on planted imports.
 */
const { layers } = require("./scripts/dependencies/layers.cjs");
const { featureLayers } = require("./scripts/dependencies/features.cjs");

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

/**
 * The feature folders of app/, their production files only: a folder imports no folder of a layer above its
 * own, nor one listed before it in its own layer. So no two folders import each other, nor any ring of them:
 * a ring needs one import back up the list. A folder the list does not name fails too, until it is placed.
 */
const inFolders = (folders) => `^app/(${folders.join("|")})/`;
const productionFiles = (path) => ({ path, pathNot: byName.tests.path });
const featureRules = featureLayers.flatMap((layer, at) => {
  const above = featureLayers.slice(0, at).flatMap((higher) => higher.folders);
  const upwards = {
    name: "app-layers",
    comment: `app/'s ${layer.name} (${layer.folders.join(", ")}) import no folder of a layer above: ${above.join(", ")}`,
    severity: "error",
    from: productionFiles(inFolders(layer.folders)),
    to: { path: inFolders(above) },
  };
  const oneWay = layer.folders.slice(1).map((folder, index) => ({
    name: "app-folders-one-way",
    comment: `app/${folder}/ imports no ${layer.name} folder listed before it (${layer.folders.slice(0, index + 1).join(", ")})`,
    severity: "error",
    from: productionFiles(`^app/${folder}/`),
    to: { path: inFolders(layer.folders.slice(0, index + 1)) },
  }));
  return [...(above.length ? [upwards] : []), ...oneWay];
});
const listedFolders = featureLayers.flatMap((layer) => layer.folders);
const unlistedFolder = {
  name: "app-folder-in-a-layer",
  comment: "Every folder of app/ has its place in scripts/dependencies/features.cjs",
  severity: "error",
  from: { path: "^app/[^/]+/", pathNot: inFolders(listedFolders) },
  to: {},
};

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
    ...featureRules,
    unlistedFolder,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router)/" },
    // Type-only imports count: a cycle of types still ties the files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
