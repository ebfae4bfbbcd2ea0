/**
 * For server/cluster.test.ts: server/cluster.ts's primary over a tiny HTTP worker that answers its process id,
 * after FIXTURE_DELAY_MS for /slow (saying when one begins). Run with FIXTURE_PORT and FIXTURE_WORKERS;
 * FIXTURE_FAIL_START makes every worker fail before it listens.
 */
import cluster from "node:cluster";
import { createServer } from "node:http";
import { startPrimary } from "../../server/cluster.ts";

const port = Number(process.env.FIXTURE_PORT);
const line = (fields: object, message: string) => console.log(JSON.stringify({ ...fields, msg: message }));
const log = { info: line, error: line };

if (cluster.isPrimary) {
  startPrimary({
    workers: Number(process.env.FIXTURE_WORKERS),
    shutdownGraceMs: 5_000,
    restartDelayMs: { first: 300, max: 1_200 },
    stableAfterMs: 60_000,
    log,
  });
} else if (process.env.FIXTURE_FAIL_START) {
  process.exit(3);
} else {
  const server = createServer((request, response) => {
    const answer = () => response.end(String(process.pid));
    if (request.url !== "/slow") return answer();
    // The test waits for this line before it stops the cluster: the request is then in this worker's hands.
    line({ pid: process.pid }, "A slow request began");
    setTimeout(answer, Number(process.env.FIXTURE_DELAY_MS ?? 600));
  });
  server.listen(port, "127.0.0.1");
  // As server/http-server.ts does: finish what is in flight, then exit.
  process.once("SIGTERM", () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  });
}
