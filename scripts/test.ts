/**
 * `npm test`, what CI runs: the checks and the build, then the unit tests beside the reliability suite, then
 * the end-to-end tests. Steps that do not need each other run two at a time (the machine CI runs on has two
 * cores); the end-to-end tests run alone, as their two Playwright workers fill both. Each step's output is
 * printed whole when it ends, so two steps' lines never mix. Stops at the first stage with a failure, and
 * ends with each step's time.
 */
import { spawn } from "node:child_process";
import { type Step, stages } from "./test-stages.ts";

interface Outcome {
  step: Step;
  code: number;
  seconds: number;
}

function run(step: Step, alone: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, { shell: true, stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (!alone) {
        console.log(`\n──── ${step.name} (${seconds.toFixed(0)} s) ────`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ step, code: code ?? 1, seconds });
    });
  });
}

const outcomes: Outcome[] = [];
const startedAt = performance.now();
for (const stage of stages) {
  console.log(`\n==== ${stage.map((step) => step.name).join(" and ")} ====`);
  const results = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  outcomes.push(...results);
  if (results.some((result) => result.code !== 0)) break;
}

console.log("\nSteps:");
for (const { step, code, seconds } of outcomes)
  console.log(`  ${code === 0 ? "ok  " : "FAIL"}  ${step.name.padEnd(12)} ${seconds.toFixed(0).padStart(5)} s`);
console.log(`  total ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
const failed = outcomes.filter((outcome) => outcome.code !== 0);
if (failed.length > 0) console.log(`Failed: ${failed.map((outcome) => outcome.step.name).join(", ")}`);
process.exit(failed.length > 0 || outcomes.length < stages.flat().length ? 1 : 0);
