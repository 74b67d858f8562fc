/**
 * Tables nested in tables, as sites laid out with tables write their entries: one `<table>` per
 * company, each in a cell of an outer table (the layout's list), its rows the company's fields
 * ('Téléphone | 037 …', 'Fax | 037 …') or its name and a cell of contacts. The repeated unit is
 * the inner table, not the outer row that holds it, and a table of label/value rows is one
 * record, never a list of entries.
 *
 * Every walk here is bounded (a few levels, a few hundred rows) and each table's answer is kept
 * for the page, so reading a page stays linear.
 */
import type { HTMLElement } from 'node-html-parser';
import { shortText } from './nodeText';

/** Deepest single-child chain followed from a wrapper to the table it holds ('<td><div><table>'). */
const MAX_CHAIN = 4;
/** Most rows of a table looked at to tell a record from a list. */
const MAX_ROWS = 60;

/** A cell that labels the value beside it: a field word or a name label, an optional colon. */
const LABEL_CELL = /^(?:raison sociale|d[ée]nomination(?: sociale)?|nom(?: de l['’]entreprise| de la soci[ée]t[ée]| commercial)?|soci[ée]t[ée]|entreprise|enseigne|activit[ée]s?|secteur|adresse|address|ville|commune|wilaya|t[ée]l[ée]?(?:phone)?s?\.?(?: (?:fixe|mobile|portable|bureau))?|tel\.?|n[°o] (?:de )?t[ée]l[ée]phone|phone|mobile|portable|cell(?:ulaire)?|gsm|fixe|fax\.?|t[ée]l[ée]copie|e-?mail|courriel|mail|m[ée]l|site(?: web| internet)?|web|website|contact|responsable|g[ée]rant|horaires|rc|nif|nis|الاسم|الهاتف|النقال|الجوال|الفاكس|البريد(?: الإلكتروني)?|العنوان|الموقع)[ \u00a0]{0,3}:?$/iu;

function elementKids(el: HTMLElement): HTMLElement[] {
  return el.childNodes.filter((c): c is HTMLElement => c.nodeType === 1);
}

/** The rows of a table (directly or in its thead / tbody / tfoot), at most {@link MAX_ROWS}. */
function rowsOf(table: HTMLElement): HTMLElement[] {
  const rows: HTMLElement[] = [];
  for (const kid of elementKids(table)) {
    if (rows.length >= MAX_ROWS) break;
    if (kid.tagName === 'TR') rows.push(kid);
    else if (kid.tagName === 'TBODY' || kid.tagName === 'THEAD' || kid.tagName === 'TFOOT') for (const r of elementKids(kid)) if (r.tagName === 'TR' && rows.length < MAX_ROWS) rows.push(r);
  }
  return rows;
}

function cellsOf(row: HTMLElement): HTMLElement[] {
  return elementKids(row).filter((c) => c.tagName === 'TD' || c.tagName === 'TH');
}

/** Answers kept per table while a page is read (tables never change then). */
const records = new WeakMap<HTMLElement, boolean>();

/**
 * Whether a table is one record of label/value rows: every row of two or more cells begins
 * with a label cell ('Téléphone', 'Fax :', 'Raison sociale'), at least two such rows, and any
 * other row is a single cell (a title: the name). Its rows are that record's fields.
 */
export function isRecordTable(table: HTMLElement): boolean {
  const known = records.get(table);
  if (known !== undefined) return known;
  let labelled = 0;
  let record = true;
  for (const row of rowsOf(table)) {
    const cells = cellsOf(row);
    if (cells.length < 2) continue;
    const first = shortText(cells[0], 40);
    if (first === undefined || !LABEL_CELL.test(first)) {
      record = false;
      break;
    }
    labelled++;
  }
  record &&= labelled >= 2;
  records.set(table, record);
  return record;
}

/** Whether a row belongs to a record table (see {@link isRecordTable}): a field of a company, not an entry. */
export function isRecordRow(row: HTMLElement): boolean {
  if (row.tagName !== 'TR') return false;
  let table = row.parentNode;
  if (table && table.tagName !== 'TABLE') table = table.parentNode;
  return table !== null && table.tagName === 'TABLE' && isRecordTable(table);
}

/**
 * The table an element only wraps: a row whose one non-empty cell holds nothing but a table
 * (through at most a few single wrappers: `<td><div><table>`), or a block holding only a table.
 * Line breaks, whitespace and empty images (spacers) beside it do not count. Undefined otherwise.
 */
export function wrappedTable(el: HTMLElement): HTMLElement | undefined {
  let at = el;
  for (let depth = 0; depth < MAX_CHAIN; depth++) {
    const kids = at.childNodes.filter((c) => (c.nodeType === 1 ? !['BR', 'IMG'].includes((c as HTMLElement).tagName) : c.text.trim() !== ''));
    // A row: its cells with content (a spacer cell aside).
    const content = at.tagName === 'TR' ? kids.filter((c) => c.nodeType !== 1 || elementKids(c as HTMLElement).some((k) => k.tagName !== 'BR' && k.tagName !== 'IMG') || c.text.trim() !== '') : kids;
    if (content.length !== 1 || content[0].nodeType !== 1) return undefined;
    const only = content[0] as HTMLElement;
    if (only.tagName === 'TABLE') return only;
    at = only;
  }
  return undefined;
}

/**
 * The records of a group of entries that wrap tables: when two or more of its members each hold
 * only a table (an outer layout row around a company's own table), and those outnumber the
 * members that qualify without wrapping one (a title row, a pagination row), the inner tables
 * are the entries; the other members are the layout's. Else the members as they are.
 */
export function nestedRecords(members: HTMLElement[], qualifies: (m: HTMLElement) => boolean): HTMLElement[] {
  const byShape = new Map<string, HTMLElement[]>();
  let others = 0;
  for (const m of members) {
    const table = wrappedTable(m);
    if (!table) {
      if (qualifies(m)) others++;
      continue;
    }
    // The tables of one template share their attributes (a layout's menu table and list table do not).
    const shape = tableShape(table);
    const list = byShape.get(shape);
    if (list) list.push(table);
    else byShape.set(shape, [table]);
  }
  const inner = [...byShape.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  return inner.length >= 2 && inner.length > others ? inner : members;
}

/**
 * A table's attributes, its id aside, as a set (names and values lower-cased, in name order:
 * one template's tables share them however the generator orders or quotes them): the shape of
 * a template's tables. Bounded: attributes longer than 2,000 characters are taken as written.
 */
function tableShape(table: HTMLElement): string {
  const raw = table.rawAttrs;
  if (raw.length > 2_000) return raw.slice(0, 300).replace(/\s+/g, ' ').trim().toLowerCase();
  return Object.entries(table.attributes)
    .map(([name, value]) => [name.toLowerCase(), value.replace(/\s+/g, ' ').trim().toLowerCase()])
    .filter(([name]) => name !== 'id')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
}

/** Whether a cell's text is a field's label ('Téléphone', 'Fax :', 'Raison sociale'): see {@link LABEL_CELL}. */
export function isLabelCellText(text: string): boolean {
  return text.length <= 40 && LABEL_CELL.test(text.replace(/\s+/g, ' ').trim());
}

/**
 * A row label naming a contact field ('Téléphone / الهاتف', 'Fax', 'E-mail', 'Mobile', 'Adresse'):
 * its first words, bounded. In a transposed table, such labels head rows, not columns.
 */
const CONTACT_ROW_LABEL = /^(?:t[ée]l(?:[ée]phone|[ée]copie|\.|\b)|phone|mobile|portable|gsm|fixe\b|fax|e-?mail|courriel|mail\b|adresse|address|الهاتف|النقال|الجوال|الفاكس|البريد|العنوان)/iu;

/** Fewest contact-labelled rows that make a table one whose columns are companies. */
const MIN_CONTACT_ROWS = 2;

/**
 * Whether a table is transposed: one company per COLUMN, as comparison tables are written
 * ('Agence | A | B | C', then 'Téléphone | … | … | …', 'Fax | …'). Its first row names the
 * columns (two or more besides the corner cell), every other row has as many cells, no cell
 * spans, and two or more rows are headed by a contact field's label, at least one a phone or
 * an e-mail. A table of companies by row has names, not field labels, in its first column.
 */
function isTransposed(rows: HTMLElement[][]): boolean {
  if (rows.length < 1 + MIN_CONTACT_ROWS) return false;
  const width = rows[0].length;
  if (width < 3) return false;
  let labelled = 0;
  let contact = false;
  for (const cells of rows) {
    if (cells.length !== width || cells.some((c) => c.rawAttrs.includes('span'))) return false;
  }
  // The column heads are names, not field labels (a table of companies by row has 'Téléphone' there).
  if (rows[0].slice(1).some((c) => CONTACT_ROW_LABEL.test(shortText(c, 80) ?? ''))) return false;
  for (const cells of rows.slice(1)) {
    const label = shortText(cells[0], 40);
    if (label === undefined || !CONTACT_ROW_LABEL.test(label.trim())) continue;
    labelled++;
    if (!/^(?:adresse|address|العنوان)/iu.test(label.trim())) contact = true;
  }
  return labelled >= MIN_CONTACT_ROWS && contact;
}

/**
 * Rewrites the transposed tables of a page ({@link isTransposed}) as tables of one company per
 * row: the first row's cells become the first column (the names), each row's label a column
 * head. Every later stage then reads a column of names and labelled columns of contacts, and a
 * company never takes its neighbour's column, nor a 'Fax' row's numbers as phones.
 * Bounded: at most {@link MAX_ROWS} rows of a table. Returns whether a table was rewritten.
 */
export function transposeTables(tables: HTMLElement[], parse: (html: string) => HTMLElement): boolean {
  let changed = false;
  for (const table of tables) {
    const rows = rowsOf(table).map(cellsOf);
    if (!isTransposed(rows)) continue;
    const width = rows[0].length;
    const head = `<thead><tr>${rows.map((cells) => `<th>${cells[0].innerHTML}</th>`).join('')}</tr></thead>`;
    const body: string[] = [];
    for (let col = 1; col < width; col++) body.push(`<tr>${rows.map((cells) => `<td>${cells[col].innerHTML}</td>`).join('')}</tr>`);
    const fresh = parse(`<table>${head}<tbody>${body.join('')}</tbody></table>`);
    table.set_content(fresh.childNodes.find((n) => n.nodeType === 1)?.childNodes ?? []);
    changed = true;
  }
  return changed;
}
