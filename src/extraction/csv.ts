/**
 * A list published as a CSV file (an open-data portal's resource, CKAN's, uData's, Opendatasoft's
 * 'Télécharger' / 'Export CSV'; a directory's 'Exporter la liste'): written out as an HTML table,
 * its first row the header, and read as a table is (a name column, each value under its column's
 * title: a number under 'Fax' a fax).
 *
 * RFC 4180 as spreadsheets write it: a header row, fields separated by commas, semicolons (a
 * French Excel) or tabs, the one the header line holds most of; a field in double quotes may hold
 * separators, line breaks and doubled quotes. One pass over the text, bounded: at most
 * {@link MAX_ROWS} rows of at most {@link MAX_FIELDS} fields, {@link MAX_CELLS} cells in all.
 */

/** Most rows read from one file (a wilaya's list has hundreds; a country's is read in part, as a listing's first pages are). */
const MAX_ROWS = 2_000;
/** Most fields of a row. */
const MAX_FIELDS = 40;
/** Most cells of the table a file is written out as (fewer rows of a wide file), so that reading it keeps within a page's budget. */
const MAX_CELLS = 40_000;
/** Longest header line looked at to tell the separator. */
const MAX_HEADER = 4_000;

/** Whether a body is a CSV file: its Content-Type says so, or says nothing more precise than text and the URL's path ends in `.csv`. */
export function isCsv(contentType: string, url: string): boolean {
  if (/\b(?:text|application)\/(?:csv|x-csv|comma-separated-values)\b/i.test(contentType)) return true;
  if (contentType !== '' && !/text\/plain|application\/octet-stream/i.test(contentType)) return false;
  try {
    return /\.csv$/i.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** The separator of a CSV text: of comma, semicolon and tab, the one its first line holds most of (outside quotes), a comma by default. */
function separatorOf(text: string): string {
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  for (let i = 0; i < text.length && i < MAX_HEADER; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [sep, n] of counts) if (n > counts.get(best)!) best = sep;
  return best;
}

/** The rows of a CSV text as arrays of fields (see the module's comment), at most {@link MAX_ROWS}. */
function rowsOf(text: string): string[][] {
  const sep = separatorOf(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let blank = true;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    if (row.length < MAX_FIELDS) row.push(field);
    if (row.length > 1 || row[0].trim() !== '') rows.push(row);
    row = [];
    field = '';
    blank = true;
  };
  for (; i < text.length && rows.length < MAX_ROWS; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch !== '"') {
        field += ch;
        if (blank && ch.trim() !== '') blank = false;
      } else if (text[i + 1] === '"') {
        field += '"';
        blank = false;
        i++;
      } else quoted = false;
    } else if (ch === '"' && blank) {
      field = '';
      quoted = true;
    } else if (ch === sep) {
      if (row.length < MAX_FIELDS) row.push(field);
      field = '';
      blank = true;
    } else if (ch === '\n') endRow();
    else if (ch !== '\r') {
      field += ch;
      // (Whether the field is still only spaces, kept as it grows: a stray quote never re-reads it.)
      if (blank && ch.trim() !== '') blank = false;
    }
  }
  if (rows.length < MAX_ROWS && (field !== '' || row.length > 0)) endRow();
  return rows;
}

function escapeCell(text: string): string {
  return text.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, '<br>');
}

/**
 * A CSV text as an HTML page holding one table: its header row of `<th>` cells, then a row per
 * record (a field's line breaks kept as `<br>`). Undefined when the text has no header of two
 * columns or more.
 */
export function csvTable(text: string): string | undefined {
  const [header, ...all] = rowsOf(text);
  if (!header || header.length < 2) return undefined;
  const rows = all.slice(0, Math.floor(MAX_CELLS / header.length));
  const head = `<tr>${header.map((h) => `<th>${escapeCell(h)}</th>`).join('')}</tr>`;
  const body = rows.map((row) => `<tr>${header.map((_, k) => `<td>${escapeCell(row[k] ?? '')}</td>`).join('')}</tr>`).join('');
  return `<!doctype html><html><body><table><thead>${head}</thead><tbody>${body}</tbody></table></body></html>`;
}
