/**
 * Test support for "the same work for every address": every statement a database handle is sent, with the
 * values taken out, so two runs can be compared statement for statement.
 */
import type { KyselyPlugin } from "kysely";
import type { Database } from "../../server/db/database.ts";

export function recording(db: Database): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      statements.push(JSON.stringify(node, (key, value) => (key === "value" || key === "values" ? "?" : value)));
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
  return { db: db.withPlugin(plugin) as Database, statements };
}
