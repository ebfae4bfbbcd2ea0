/**
 * What `npm test` (scripts/test.ts) runs, stage after stage; the steps of a stage run at the same time.
 * The machine CI runs on has two cores: two steps at a time, and the end-to-end tests alone, as their two
 * Playwright workers fill both.
 */
export interface Step {
  name: string;
  command: string;
}

const npm = (script: string): Step => ({ name: script, command: `npm run --silent ${script}` });

export const stages: Step[][] = [
  [npm("typecheck"), npm("build")],
  [npm("lint"), npm("check:deps")],
  // The reliability suite waits on restarts and lapsed claims most of its time: the unit tests fill it.
  [npm("test:unit"), { name: "reliability", command: "node tests/reliability/run.ts" }],
  [{ name: "e2e", command: "npx playwright test" }],
];
