/**
 * CPU time from Linux's /proc (null elsewhere), to show who used the cores during a run, and taskset to
 * pin processes to a core.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** USER_HZ: the unit of /proc's CPU times, 100 on every Linux architecture Node runs on. */
const ticksPerSecond = 100;

interface Stat {
  ppid: number;
  cpuSeconds: number;
  /** CPU time of the children the process has waited for (after they exited): how wrk's time is read. */
  childrenCpuSeconds: number;
}

/** Fields after the command name, which is in parentheses and may itself hold spaces or parentheses. */
export function parseStat(text: string): Stat | null {
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state) of proc(5): ppid is field 4, utime 14, stime 15, cutime 16 and cstime 17.
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  const childTicks = Number(fields[13]) + Number(fields[14]);
  if (![ppid, ticks, childTicks].every(Number.isFinite)) return null;
  return { ppid, cpuSeconds: ticks / ticksPerSecond, childrenCpuSeconds: childTicks / ticksPerSecond };
}

function stat(pid: number | "self"): Stat | null {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null;
  }
}

/** The processes whose parent is `pid` (nginx's workers). */
export function childPids(pid: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  return entries
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((candidate) => stat(candidate)?.ppid === pid);
}

/** User and system CPU seconds the processes have used so far, or null if any cannot be read. */
export function cpuSeconds(pids: number[]): number | null {
  let total = 0;
  for (const pid of pids) {
    const seconds = stat(pid)?.cpuSeconds;
    if (seconds === undefined) return null;
    total += seconds;
  }
  return total;
}

/** CPU seconds of this process's exited children so far (wrk's, once it has exited). */
export function exitedChildrenCpuSeconds(): number | null {
  return stat("self")?.childrenCpuSeconds ?? null;
}

/**
 * CPU seconds processes have run on each core since boot (user, nice and system time), from /proc/stat's
 * `cpuN` lines; interrupts and the hypervisor's steal are left out, so what remains is what processes used.
 */
export function parseCoreSeconds(text: string): Map<number, number> {
  const cores = new Map<number, number>();
  for (const line of text.split("\n")) {
    const match = /^cpu(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(line);
    if (match) cores.set(Number(match[1]), (Number(match[2]) + Number(match[3]) + Number(match[4])) / ticksPerSecond);
  }
  return cores;
}

export function coreCpuSeconds(): Map<number, number> | null {
  try {
    return parseCoreSeconds(readFileSync("/proc/stat", "utf8"));
  } catch {
    return null;
  }
}

/** "0-2,5" (the kernel's CPU list format, as in Cpus_allowed_list) → [0, 1, 2, 5]. */
export function parseCpuList(list: string): number[] {
  return list
    .trim()
    .split(",")
    .filter(Boolean)
    .flatMap((part) => {
      const [from = Number.NaN, to = from] = part.split("-").map(Number);
      return Number.isInteger(from) && Number.isInteger(to) && to >= from ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : [];
    });
}

/** The cores this process may run on, or null when that cannot be read (not Linux). */
export function allowedCpus(): number[] | null {
  try {
    const line = readFileSync("/proc/self/status", "utf8").match(/^Cpus_allowed_list:\s*(.+)$/m)?.[1];
    return line ? parseCpuList(line) : null;
  } catch {
    return null;
  }
}

export function tasksetAvailable(): boolean {
  return spawnSync("taskset", ["--version"], { stdio: "ignore" }).status === 0;
}

/** Pins every thread of a running process (V8's helper threads too) to one core; the threads it starts later inherit it. */
export function pinProcess(pid: number, cpu: number): void {
  const result = spawnSync("taskset", ["--all-tasks", "--pid", "--cpu-list", String(cpu), String(pid)], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`taskset could not pin process ${pid} to core ${cpu}: ${result.stderr || result.error}`);
}
