/**
 * CSV for the console's exports (RFC 4180), made safe to open in a spreadsheet, and a strict parser to
 * read it back (tests).
 */

export type CsvCell = string | number | null;

const BOM = "\uFEFF";
/** Searched from a position (`lastIndex`) rather than in a slice, so parsing stays linear in the input's size. */
const FIELD_END = /[,\r\n"]/g;

/**
 * Text a spreadsheet would run as a formula (`=HYPERLINK(…)` typed into a contact form, say) starts with
 * one of these; a leading `'` makes it plain text (OWASP, "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function formatCell(cell: CsvCell): string {
  if (cell === null) return "";
  // Numbers are the application's own (amounts, counts): `-5` is a number to keep, never a formula.
  const text = typeof cell === "number" ? String(cell) : FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV: CRLF after every row, and a UTF-8 byte order mark so Excel does not read the text as ANSI. */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return BOM + rows.map((row) => `${row.map(formatCell).join(",")}\r\n`).join("");
}

/**
 * Parses RFC 4180 CSV (a leading byte order mark is skipped; LF alone is accepted as a line end too). Throws
 * on what the RFC does not allow: a quote inside an unquoted field, text after a closing quote, an
 * unterminated quoted field, a lone CR.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let index = 0;
  const fail = (reason: string): never => {
    throw new Error(`CSV: ${reason} at character ${index + 1}`);
  };
  while (index < input.length) {
    let field = "";
    if (input[index] === '"') {
      index++;
      for (;;) {
        if (index >= input.length) fail("unterminated quoted field");
        if (input[index] === '"') {
          if (input[index + 1] !== '"') break;
          field += '"';
          index += 2;
        } else {
          field += input[index];
          index++;
        }
      }
      index++;
      if (index < input.length && !/^(,|\r\n|\n)/.test(input.slice(index, index + 2))) fail("text after a closing quote");
    } else {
      FIELD_END.lastIndex = index;
      const stop = FIELD_END.exec(input)?.index ?? input.length;
      field = input.slice(index, stop);
      index = stop;
      if (input[index] === '"') fail("quote inside an unquoted field");
    }
    row.push(field);
    if (input[index] === ",") {
      index++;
      // A comma at the very end still opens one more (empty) field.
      if (index >= input.length) row.push("");
      continue;
    }
    if (input[index] === "\r" && input[index + 1] !== "\n") fail("carriage return without a line feed");
    if (index < input.length) index += input[index] === "\r" ? 2 : 1;
    rows.push(row);
    row = [];
  }
  if (row.length > 0) rows.push(row);
  return rows;
}
