/**
 * Manages the console's operators from the server's shell: `npm run operator -- <command>` (see USAGE).
 * There is no sign-up page on purpose: whoever can run this already controls the server.
 *
 * The password comes from standard input when it is piped (scripts, tests), or is asked for twice
 * without echo on a terminal. Nothing here ever prints a password or a hash.
 */
import { userInfo } from "node:os";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { recordAudit } from "../server/admin/audit.ts";
import {
  createOperator,
  DUPLICATE_OPERATOR_MESSAGE,
  findOperatorByEmail,
  isOperatorEmail,
  listOperators,
  normalizeOperatorEmail,
  removeOperator,
  setOperatorPassword,
} from "../server/admin/operators.ts";
import { hashPassword, passwordProblem } from "../server/admin/passwords.ts";
import { runCommand } from "../server/command-line.ts";
import { serverConfig } from "../server/config.ts";
import { closeDatabase, type Database, openConfiguredDatabase } from "../server/db/database.ts";

const USAGE = `Usage: npm run operator -- <command>

  add EMAIL        add an operator (asks for the password, or reads it from standard input)
  list             list the operators
  remove EMAIL     remove an operator and end their sessions
  password EMAIL   set a new password (ends their sessions)
  help             show this help

Passwords have at least 12 characters. Example: npm run operator -- add ana@example.com`;

/** A refusal the user can act on: its message goes to stderr as it is, and the exit code is 1. */
class Refusal extends Error {}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let input = "";
    for await (const chunk of process.stdin) input += chunk;
    return input.replace(/\r?\n$/, "");
  }
  // Only one answer when the first was too weak: the caller then says why.
  const [first = "", second] = await askHidden(["Password: ", "Password again: "]);
  if (second !== undefined && second !== first) throw new Refusal("The passwords do not match.");
  return first;
}

/**
 * Asks on the terminal with echo off: readline writes to an output that swallows what is typed. One
 * interface for every question, so the echo stays off between them; each prompt is written only once it is off.
 */
async function askHidden(prompts: string[]): Promise<string[]> {
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const reader = createInterface({ input: process.stdin, output: silent, terminal: true });
  reader.on("SIGINT", () => {
    process.stderr.write("\n");
    process.exit(130);
  });
  const answers: string[] = [];
  try {
    for (const prompt of prompts) {
      process.stderr.write(prompt);
      answers.push(await new Promise<string>((resolve) => reader.question("", resolve)));
      process.stderr.write("\n");
      // A weak password is refused at once rather than after typing it twice.
      if (passwordProblem(answers[0] ?? "")) break;
    }
  } finally {
    reader.close();
  }
  return answers;
}

async function newPasswordHash(): Promise<string> {
  const password = await readPassword();
  const problem = passwordProblem(password);
  if (problem) throw new Refusal(problem);
  return hashPassword(password);
}

function checkedEmail(email: string | undefined, command: string): string {
  if (!email) throw new Refusal(`Missing EMAIL: npm run operator -- ${command} EMAIL`);
  if (!isOperatorEmail(email)) throw new Refusal(`Not a valid e-mail address: ${JSON.stringify(email)}.`);
  return normalizeOperatorEmail(email);
}

/** Account changes made here are audited like the console's own actions, with the shell user as the detail. */
const audit = (db: Database, action: string, email: string) =>
  recordAudit(db, {
    operatorId: null,
    operatorEmail: null,
    action,
    subject: email,
    address: "command line",
    details: { user: shellUser() },
  });

/** Who ran the command; a container running as a UID without a passwd entry has no name to give. */
function shellUser(): string | null {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? null;
  }
}

/** Columns padded to their widest cell. */
function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** Each command gets the database and, except `list`, the checked and normalised address. */
const commands: Record<string, (db: Database, email: string) => Promise<string>> = {
  async add(db, email) {
    if (await findOperatorByEmail(db, email)) throw new Refusal(`${DUPLICATE_OPERATOR_MESSAGE}: ${email}.`);
    try {
      await createOperator(db, email, await newPasswordHash());
    } catch (error) {
      // Someone else added the same address in the meantime.
      if (error instanceof Error && error.message === DUPLICATE_OPERATOR_MESSAGE)
        throw new Refusal(`${DUPLICATE_OPERATOR_MESSAGE}: ${email}.`);
      throw error;
    }
    await audit(db, "operator-added", email);
    return `Operator ${email} added.`;
  },
  async list(db) {
    const operators = await listOperators(db);
    if (operators.length === 0) return "No operators yet. Add one with: npm run operator -- add EMAIL";
    const day = (timestamp: string | null) => (timestamp ? `${timestamp.slice(0, 16).replace("T", " ")} UTC` : "never");
    return table([
      ["E-MAIL", "ADDED", "2FA", "LAST SIGN-IN"],
      ...operators.map((operator) => [
        operator.email,
        day(operator.createdAt),
        operator.totpEnabled ? "on" : "off",
        day(operator.lastSignInAt),
      ]),
    ]);
  },
  async remove(db, email) {
    if (!(await removeOperator(db, email))) throw new Refusal(`No operator has the e-mail ${email}.`);
    await audit(db, "operator-removed", email);
    return `Operator ${email} removed.`;
  },
  async password(db, email) {
    if (!(await findOperatorByEmail(db, email))) throw new Refusal(`No operator has the e-mail ${email}.`);
    if (!(await setOperatorPassword(db, email, await newPasswordHash()))) throw new Refusal(`No operator has the e-mail ${email}.`);
    await audit(db, "operator-password-set", email);
    return `Password of ${email} changed; their sessions were ended.`;
  },
};

async function main(argv: string[]): Promise<number> {
  const [name, email, ...extra] = argv;
  if (name === "help" || name === "--help" || name === "-h") {
    console.log(USAGE);
    return 0;
  }
  // Own properties only: `toString` is no command.
  const command = name !== undefined && Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command || extra.length > 0 || (name === "list" && email !== undefined)) {
    console.error(name === undefined || command ? USAGE : `Unknown command ${JSON.stringify(name)}.\n\n${USAGE}`);
    return 1;
  }
  const address = name === "list" ? "" : checkedEmail(email, name!);
  const config = serverConfig();
  const db = await openConfiguredDatabase(config);
  try {
    console.log(await command(db, address));
    return 0;
  } finally {
    await closeDatabase(db);
  }
}

await runCommand(() => main(process.argv.slice(2)), [Refusal]);
