/**
 * CSV cells and spreadsheet formulas (OWASP, "CSV Injection"): a spreadsheet that opens a CSV
 * file runs a cell starting with `=`, `+`, `-` or `@` (and, in some, tab or carriage return)
 * as a formula, so text from outside (a scraped name, a note) could call out or run commands
 * on the machine of whoever opens the export. OWASP's remedy: such a cell gets a single quote
 * before it (spreadsheets then read it as text) and is quoted.
 *
 * The escape is undone by the import, and exactly: a cell that starts with quotes followed by
 * one of those characters gets one quote more, so a value that already started that way
 * (`'=x`) comes back as it was, and a quote before anything else (`'Numidia`) is never touched.
 */

/** Quotes (any number, none included) then a character that starts a formula. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A cell {@link escapeFormula} wrote: at least one quote, then a character that starts a formula. */
const ESCAPED = /^'+[=+\-@\t\r]/;

/** The cell for a value: the value, with a single quote before it when it would start a formula. */
export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The value of a cell written by {@link escapeFormula}; any other cell as it is. */
export function unescapeFormula(cell: string): string {
  return ESCAPED.test(cell) ? cell.slice(1) : cell;
}

/** Cells {@link escapeFormula} changed: quoted in the file, as OWASP asks. */
export const ESCAPED_CELL = ESCAPED;
