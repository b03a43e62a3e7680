/**
 * Recipient lists uploaded as CSV (email, first name, last name, department), parsed with csv-parse with caps on
 * size, rows and field length, so an upload can never hold the server; every problem is a field error.
 */
import { parse } from "csv-parse/sync";
import { DomainError } from "~/lib/errors";

export const CSV_MAX_BYTES = 256 * 1024;
export const CSV_MAX_ROWS = 1000;
const FIELD_MAX = 200;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,63}$/;

export type CsvRecipient = { email: string; firstName: string; lastName: string; department: string };

const HEADER_NAMES: Record<string, keyof CsvRecipient> = {
  email: "email",
  "e-mail": "email",
  "email address": "email",
  "first name": "firstName",
  firstname: "firstName",
  first_name: "firstName",
  "last name": "lastName",
  lastname: "lastName",
  last_name: "lastName",
  department: "department",
};

const fail = (message: string) => new DomainError(message, { status: 400, field: "recipientsCsv" });

/**
 * Parses the list. A first row naming the columns (email, first name, last name, department, in any order) is
 * read as a header; without one the columns are taken in that order. Duplicate addresses keep their first row.
 */
export function parseRecipientsCsv(input: string): CsvRecipient[] {
  if (Buffer.byteLength(input) > CSV_MAX_BYTES)
    throw fail(`The recipient list is larger than ${CSV_MAX_BYTES / 1024} KB: split it into several campaigns.`);
  let rows: string[][];
  try {
    rows = parse(input, {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      // One more than the cap, so "too many rows" is told apart from "exactly the cap".
      to_line: CSV_MAX_ROWS + 2,
      max_record_size: 4096,
    }) as string[][];
  } catch (error) {
    throw fail(`The recipient list is not valid CSV (${(error as Error).message.split(":")[0]}).`);
  }
  if (!rows.length) return [];
  let columns: (keyof CsvRecipient | null)[] = ["email", "firstName", "lastName", "department"];
  const header = rows[0].map((c) => HEADER_NAMES[c.toLowerCase()] ?? null);
  if (header.includes("email")) {
    columns = header;
    rows = rows.slice(1);
  }
  if (rows.length > CSV_MAX_ROWS)
    throw fail(`The recipient list has more than ${CSV_MAX_ROWS} rows: split it into several campaigns.`);
  const seen = new Set<string>();
  const out: CsvRecipient[] = [];
  rows.forEach((row, i) => {
    const r: CsvRecipient = { email: "", firstName: "", lastName: "", department: "" };
    columns.forEach((col, j) => {
      if (col && row[j] !== undefined) r[col] = row[j].slice(0, FIELD_MAX);
    });
    r.email = r.email.toLowerCase();
    if (!EMAIL.test(r.email))
      throw fail(`Row ${i + 1 + (columns === header ? 1 : 0)}: "${r.email.slice(0, 60)}" is not an e-mail address.`);
    if (seen.has(r.email)) return;
    seen.add(r.email);
    out.push(r);
  });
  return out;
}
