/** What the end-to-end servers kept: their SQLite database, their mail folder and their log. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { wakeApp } from "./pages.ts";
import { e2eServers } from "./servers.ts";

type Server = (typeof e2eServers)[keyof typeof e2eServers];

export function queryRows<T>(sql: string, parameters: (string | number)[] = [], server: Server = e2eServers.main): T[] {
  const db = new DatabaseSync(server.databaseFile, { readOnly: true });
  try {
    return db.prepare(sql).all(...parameters) as T[];
  } finally {
    db.close();
  }
}

/** Every mail the server wrote, newest last, decoded from quoted-printable so links can be read. */
export function mails(server: Server = e2eServers.main): { file: string; source: string }[] {
  if (!existsSync(server.outboxDirectory)) return [];
  return readdirSync(server.outboxDirectory)
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .map((file) => {
      const raw = readFileSync(`${server.outboxDirectory}/${file}`, "utf8");
      const decoded = raw
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return { file, source: decoded };
    });
}

/** Everything the server stored or wrote, as one text to search: database file, WAL, mails and log. */
export function everythingKept(server: Server = e2eServers.main): string {
  const files = [server.databaseFile, `${server.databaseFile}-wal`, server.logFile].filter(existsSync);
  return [...files.map((file) => readFileSync(file).toString("latin1")), ...mails(server).map((mail) => mail.source)].join("\n");
}

/** Opens a page and wakes its app (`wakeApp`), so typing and clicking reach React. */
export async function openHydrated(page: import("@playwright/test").Page, url: string): Promise<void> {
  await page.goto(url);
  await wakeApp(page);
}
