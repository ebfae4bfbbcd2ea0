/**
 * The check `npm run check:deps` makes (part of `npm test`, so of CI): nothing on the tree as it is, and a
 * failure for each kind of import it exists to stop, planted in a file of the real tree and removed after.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { stages } from "../test-stages.ts";
import { checkedPaths, cruiseTree } from "./cruise.ts";

type Cruise = Awaited<ReturnType<typeof cruiseTree>>;
const broken = (result: Cruise) => result.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`);

const planted: string[] = [];
afterEach(() => {
  for (const path of planted.splice(0)) rmSync(path, { force: true });
});

/**
 * Writes files at paths of the real tree (`{}` stands for a random part), then checks them and two levels of
 * imports from them (two, so that a cycle between two planted files is seen from both ends).
 */
function plant(files: Record<string, string>): Promise<Cruise> {
  const tag = randomBytes(4).toString("hex");
  const paths = Object.entries(files).map(([path, text]) => {
    const real = path.replaceAll("{}", tag);
    planted.push(real);
    writeFileSync(real, text.replaceAll("{}", tag));
    return real;
  });
  return cruiseTree(paths, 2);
}

describe("the dependency check", () => {
  it("finds nothing wrong in the tree as it is", async () => {
    expect(broken(await cruiseTree())).toEqual([]);
  }, 120_000);

  it("runs in CI: `npm test` runs it after the lint and before the unit tests, on every folder of code", () => {
    const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>;
    expect(scripts["check:deps"]).toBe(`depcruise ${checkedPaths.join(" ")} --config .dependency-cruiser.cjs`);
    expect(scripts.test).toBe("node scripts/test.ts");
    const stageOf = (name: string) => stages.findIndex((stage) => stage.some((step) => step.name === name));
    expect(stageOf("check:deps")).toBeGreaterThanOrEqual(stageOf("lint"));
    expect(stageOf("check:deps")).toBeLessThan(stageOf("test:unit"));
  });

  it("fails on a cycle", async () => {
    const result = await plant({
      "app/checkout/planted-{}-a.ts": 'import { b } from "./planted-{}-b";\nexport const a = () => b;\n',
      "app/checkout/planted-{}-b.ts": 'import { a } from "./planted-{}-a";\nexport const b = () => a;\n',
    });
    expect(broken(result)).toContainEqual(expect.stringMatching(/^no-circular: app\/checkout\/planted-\w+-a\.ts/));
  });

  it("fails on a ring of app/'s folders: the checkout imports the renewals' links, so the renewals never import it", async () => {
    const result = await plant({ "app/renewals/planted-{}.ts": 'export { checkoutValuesOf } from "../checkout/order-values";\n' });
    expect(broken(result)).toEqual([
      expect.stringMatching(/^app-folders-one-way: app\/renewals\/planted-\w+\.ts → app\/checkout\/order-values\.ts$/),
    ]);
  });

  it("fails on an import up app/'s layers: an access's life importing the console", async () => {
    const result = await plant({ "app/access/planted-{}.ts": 'export { deliverAccess } from "../admin/orders/deliver.server";\n' });
    expect(broken(result)).toEqual([
      expect.stringMatching(/^app-layers: app\/access\/planted-\w+\.ts → app\/admin\/orders\/deliver\.server\.ts$/),
    ]);
  });

  it("fails on a folder of app/ that no layer lists", async () => {
    const folder = `app/planted-${randomBytes(4).toString("hex")}`;
    mkdirSync(folder);
    try {
      const result = await plant({ [`${folder}/a.ts`]: 'export { fulfilOrder } from "../access/deliver.server";\n' });
      expect(broken(result)).toEqual([
        expect.stringMatching(/^app-folder-in-a-layer: app\/planted-\w+\/a\.ts → app\/access\/deliver\.server\.ts$/),
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("fails on an upward import: the database importing the checkout's rules", async () => {
    const result = await plant({ "server/db/planted-{}.ts": 'export { checkoutFields } from "../../app/checkout/schema";\n' });
    expect(broken(result)).toEqual([expect.stringMatching(/^infra-to-domain: server\/db\/planted-\w+\.ts → app\/checkout\/schema\.ts$/)]);
  });

  it("fails on an import from the pages into the HTTP host", async () => {
    const result = await plant({ "app/routes/planted-{}.ts": 'export { refuseRequest } from "../../server/request-guards.ts";\n' });
    expect(broken(result)).toEqual([expect.stringMatching(/^ui-to-host: app\/routes\/planted-\w+\.ts → server\/request-guards\.ts$/)]);
  });

  it("fails on production code importing test code", async () => {
    const result = await plant({ "app/checkout/planted-{}.ts": 'export { createOrderTestBed } from "../../tests/support/orders";\n' });
    expect(broken(result)).toContainEqual(
      expect.stringMatching(/^no-test-code-in-production: app\/checkout\/planted-\w+\.ts → tests\/support\/orders\.ts$/),
    );
  });

  it("fails on a test helper kept beside production code", async () => {
    const result = await plant({ "server/db/planted-{}.test-bed.ts": 'export { Kysely } from "kysely";\n' });
    expect(broken(result)).toContainEqual(expect.stringMatching(/^test-helpers-in-tests: server\/db\/planted-\w+\.test-bed\.ts/));
  });

  it("fails on a common module that is not pure", async () => {
    const result = await plant({ "common/planted-{}.ts": 'export { logger } from "../server/logger.ts";\n' });
    expect(broken(result)).toContainEqual(expect.stringMatching(/^common-is-pure: common\/planted-\w+\.ts → server\/logger\.ts$/));
  });
});
