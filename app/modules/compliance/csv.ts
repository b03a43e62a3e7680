/**
 * CSV (RFC 4180) that is safe to open in a spreadsheet: every cell is quoted,
 * and a cell that starts with a character a spreadsheet reads as a formula
 * (= + - @, and tab or carriage return, per OWASP's CSV injection advice) is
 * prefixed with an apostrophe so it stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value == null ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
