/** Where a server process's background jobs run (server/job-process.ts). */
export type JobPlacement =
  /** On this process's thread: the default, and what the job process itself does. `worker` names its claims. */
  | { here: true; worker?: string }
  /** In the job process this server started (JOB_PROCESS): `wake` asks it to run the jobs due now. */
  | { here: false; wake: () => void };
