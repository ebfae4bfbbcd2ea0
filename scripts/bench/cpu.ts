/** CPU time of other processes, from Linux's /proc (null elsewhere), to show who used the two cores. */
import { readdirSync, readFileSync } from "node:fs";

/** USER_HZ: the unit of /proc/<pid>/stat's times, 100 on every Linux architecture Node runs on. */
const ticksPerSecond = 100;

interface Stat {
  ppid: number;
  cpuSeconds: number;
}

/** Fields after the command name, which is in parentheses and may itself hold spaces or parentheses. */
export function parseStat(text: string): Stat | null {
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state) of proc(5): ppid is field 4, utime 14 and stime 15.
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ppid) && Number.isFinite(ticks) ? { ppid, cpuSeconds: ticks / ticksPerSecond } : null;
}

function stat(pid: number): Stat | null {
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

/**
 * CPU seconds all processes have run (user and system time, every core) since boot, from /proc/stat;
 * interrupts and the hypervisor's steal are left out, so what remains is what processes used.
 */
export function processCpuSeconds(): number | null {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const [user = 0, nice = 0, system = 0] = fields;
    return fields.length >= 8 ? (user + nice + system) / ticksPerSecond : null;
  } catch {
    return null;
  }
}
