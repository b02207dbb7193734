// CSV for spreadsheets (RFC 4180, CRLF lines). A text cell that a spreadsheet would read as a
// formula (starting with =, +, -, @, or a tab or carriage return that some strip first) is
// prefixed with ', as OWASP's CSV-injection advice says; numbers are written as they are. Pure.

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
