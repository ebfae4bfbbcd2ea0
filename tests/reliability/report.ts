/** What the suite found: named checks that pass or fail, printed as they are made, and tables of figures. */

export interface Report {
  /** Records and prints one check; `detail` says what was seen, most useful when it fails. */
  check(name: string, ok: boolean, detail?: string): boolean;
  figures(title: string, rows: Record<string, string | number>): void;
  section(title: string): void;
  /** The names of the checks that failed. */
  failures(): string[];
}

export function createReport(): Report {
  const failed: string[] = [];
  return {
    check(name, ok, detail = "") {
      if (!ok) failed.push(name);
      console.log(`  ${ok ? "ok  " : "FAIL"}  ${name}${detail ? ` — ${detail}` : ""}`);
      return ok;
    },
    figures(title, rows) {
      console.log(`\n  ${title}`);
      const width = Math.max(...Object.keys(rows).map((label) => label.length));
      for (const [label, value] of Object.entries(rows)) console.log(`    ${label.padEnd(width)}  ${value}`);
      console.log("");
    },
    section(title) {
      console.log(`\n== ${title}`);
    },
    failures: () => [...failed],
  };
}

/** `{ 200: 3, 404: 1 }` from a list of status codes, sorted by code. */
export function countByStatus(statuses: (number | string)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const status of [...statuses].sort()) counts[String(status)] = (counts[String(status)] ?? 0) + 1;
  return counts;
}

export function seconds(sinceMs: number): string {
  return `${((performance.now() - sinceMs) / 1000).toFixed(1)} s`;
}
