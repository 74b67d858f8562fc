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

/** A class word of a div table's row ('notion-table-row', 'grid-row', 'table-tr'). */
const DIV_ROW_CLASS = /(?:^|[\s_-])(?:table|grid)[_-]?(?:row|tr)(?:$|\s)/i;
/** A class word of a div table's header cell ('notion-table-th', 'grid-header-cell', 'table-column-header'). */
const DIV_HEAD_CLASS = /(?:^|[\s_-])(?:table|grid)[_-]?(?:th|header[_-]?cell|col(?:umn)?[_-]?header)(?:$|\s)/i;
/** What both class patterns above need. */
const TABLE_OR_GRID = /table|grid/i;
/** Deepest a div table's header cells and rows sit apart from their common block ('table > header > inner > th'). */
const DIV_TABLE_DEPTH = 4;
/** Most rows of one div table rewritten, and most div tables of a page looked at. */
const MAX_DIV_ROWS = 2000;
const MAX_DIV_TABLES = 50;

/** An element's class words (parsed with the page, not from its other attributes), bounded. */
function classText(el: HTMLElement): string {
  return el.classList.length === 0 ? '' : el.classList.value.slice(0, 20).join(' ');
}

/** An element's ARIA role, lower-cased ('' when none); its attributes parsed only when the raw text names one. */
function roleOf(el: HTMLElement): string {
  if (!el.rawAttrs.includes('role')) return '';
  return (el.getAttribute('role') ?? '').trim().toLowerCase();
}

/** Whether an element is a div table's header cell: ARIA's `columnheader`, or a `*-table-th` class. */
function isDivHeadCell(el: HTMLElement): boolean {
  return el.tagName !== 'TH' && (roleOf(el) === 'columnheader' || DIV_HEAD_CLASS.test(classText(el)));
}

/** Whether an element is a div table's row: ARIA's `row`, or a `*-table-row` class (never a real `<tr>`). */
function isDivRow(el: HTMLElement): boolean {
  return el.tagName !== 'TR' && (roleOf(el) === 'row' || DIV_ROW_CLASS.test(classText(el))) && !elementKids(el).some(isDivHeadCell);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Rewrites the tables a page builds of divs as real tables. A published database (Notion
 * through react-notion-x, Airtable or Baserow shares) and the data grids of front-end libraries
 * write a table as blocks: header cells (`*-table-th`, or ARIA's `role=columnheader`) in a
 * header block, then rows (`*-table-row`, or `role=row`) of as many cells, empty cells kept.
 * A column's meaning is then only in its header ('Fax', 'Mobile'): read as cards, each row's
 * numbers are bare and a fax column's become phones. When two or more sibling rows have as
 * many cells as the header cells that precede them (close by, under one block), the rows
 * become a `<table>` under a `<thead>` of those headers, and every later stage reads the
 * columns as it reads any table's. Linear: each element is classed once, each row's cells
 * copied once, at most {@link MAX_DIV_ROWS} rows per table and {@link MAX_DIV_TABLES} tables. Returns whether a table was rewritten.
 */
export function divTables(elements: HTMLElement[], parse: (html: string) => HTMLElement): boolean {
  const rowsByParent = new Map<HTMLElement, HTMLElement[]>();
  const headsByParent = new Map<HTMLElement, HTMLElement[]>();
  const order = new Map<HTMLElement, number>();
  elements.forEach((el, i) => {
    if (el.rawAttrs.length === 0) return;
    const parent = el.parentNode;
    if (!parent) return;
    // (Both need a role or a class word with 'table' or 'grid': most elements have neither, and are classed by one look.)
    if (!el.rawAttrs.includes('role') && !TABLE_OR_GRID.test(classText(el))) return;
    if (isDivHeadCell(el)) {
      order.set(el, i);
      const list = headsByParent.get(parent);
      if (list) list.push(el);
      else headsByParent.set(parent, [el]);
    } else if (isDivRow(el)) {
      order.set(el, i);
      const list = rowsByParent.get(parent);
      if (list) list.push(el);
      else rowsByParent.set(parent, [el]);
    }
  });
  if (rowsByParent.size === 0 || headsByParent.size === 0) return false;
  const heads = [...headsByParent.values()].filter((h) => h.length >= 2);
  let changed = false;
  let looked = 0;
  for (const [body, rows] of rowsByParent) {
    if (rows.length < 2 || rows.length > MAX_DIV_ROWS) continue;
    if (++looked > MAX_DIV_TABLES) break;
    const width = elementKids(rows[0]).length;
    if (width < 2 || rows.some((r) => elementKids(r).length !== width)) continue;
    // The header: the last run of header cells before the first row, as many as the row's cells, under a block close to both.
    const first = order.get(rows[0]) ?? 0;
    const before = heads.filter((h) => (order.get(h[0]) ?? 0) < first);
    const head = before[before.length - 1];
    if (!head || head.length !== width || !closeBlocks(head[0].parentNode, body)) continue;
    const th = head.map((h) => `<th>${escapeText(h.text.replace(/\s+/g, ' ').trim())}</th>`).join('');
    const tr = rows.map((r) => `<tr>${elementKids(r).map((c) => `<td>${c.innerHTML}</td>`).join('')}</tr>`).join('');
    const fresh = parse(`<table><thead><tr>${th}</tr></thead><tbody>${tr}</tbody></table>`);
    const headBlock = head[0].parentNode;
    body.set_content(fresh.childNodes.filter((n) => n.nodeType === 1));
    // The header block, now in the table's head, is emptied where it stood apart from the rows.
    if (headBlock && headBlock !== body && !isAncestor(headBlock, body)) headBlock.set_content('');
    changed = true;
  }
  return changed;
}

/** Whether two blocks share an ancestor within {@link DIV_TABLE_DEPTH} levels of each. */
function closeBlocks(a: HTMLElement | null, b: HTMLElement): boolean {
  const near = new Set<HTMLElement>();
  for (let at: HTMLElement | null = b, d = 0; at && d <= DIV_TABLE_DEPTH; at = at.parentNode, d++) near.add(at);
  for (let at: HTMLElement | null = a, d = 0; at && d <= DIV_TABLE_DEPTH; at = at.parentNode, d++) if (near.has(at)) return true;
  return false;
}

/** Whether `a` holds `b` (within {@link DIV_TABLE_DEPTH} levels). */
function isAncestor(a: HTMLElement, b: HTMLElement): boolean {
  for (let at: HTMLElement | null = b.parentNode, d = 0; at && d <= DIV_TABLE_DEPTH; at = at.parentNode, d++) if (at === a) return true;
  return false;
}

/** Tags two parallel lists (labels, then values) are written with. */
const COLUMN_LIST_TAGS = new Set(['UL', 'OL', 'DIV']);
/** Most rows of two parallel lists, and most pairs rewritten on a page. */
const MAX_COLUMN_ROWS = 40;
const MAX_COLUMN_PAIRS = 2_000;
/** Longest item text read as a label. */
const MAX_COLUMN_LABEL = 40;

/**
 * Rewrites labels and values written as two parallel lists, lined up only by the stylesheet (a
 * grid of two columns: `<ul>Activité, Téléphone, Fax</ul><ul>…, 048…, 048…</ul>`), as one list
 * of 'Label : value' lines, so that each value is read under its own label (a fax column's
 * number otherwise reads as a bare phone). Two sibling lists of one tag with as many items (two
 * to {@link MAX_COLUMN_ROWS}), every item of the first a field's label ({@link isLabelCellText}),
 * two or more of them a contact's ({@link CONTACT_ROW_LABEL}), the second's items not all labels.
 * Each element is looked at once (its items once): linear. Returns whether a pair was rewritten.
 */
export function pairedColumns(elements: readonly HTMLElement[], parse: (html: string) => HTMLElement): boolean {
  let pairs = 0;
  // Each parent's element children walked once, two by two (nextElementSibling would search the parent each time).
  const found: [HTMLElement, HTMLElement, HTMLElement, string[], HTMLElement[]][] = [];
  for (const parent of elements) {
    if (found.length >= MAX_COLUMN_PAIRS) break;
    const kids = elementKids(parent);
    for (let j = 0; j + 1 < kids.length; j++) {
      const labels = kids[j];
      const values = kids[j + 1];
      if (!COLUMN_LIST_TAGS.has(labels.tagName) || values.tagName !== labels.tagName) continue;
      const read = columnPair(labels, values);
      if (read === undefined) continue;
      found.push([parent, labels, values, read.texts, read.vals]);
      j++;
    }
  }
  for (const [parent, labels, values, texts, vals] of found) {
    const lines = texts.map((t, i) => `<li><b>${escapeText(t.replace(/[ \u00a0]*:$/, ''))} :</b> ${vals[i].innerHTML}</li>`).join('');
    const list = parse(`<ul>${lines}</ul>`).childNodes.find((n) => n.nodeType === 1) as HTMLElement | undefined;
    const at = parent.childNodes.indexOf(labels);
    const end = parent.childNodes.indexOf(values);
    if (!list || at === -1 || end < at) continue;
    parent.childNodes.splice(at, end - at + 1, list);
    list.parentNode = parent;
    pairs++;
  }
  return pairs > 0;
}

/** The label texts and value items of two parallel lists ({@link pairedColumns}), or undefined when they are not such. */
function columnPair(labels: HTMLElement, values: HTMLElement): { texts: string[]; vals: HTMLElement[] } | undefined {
  const keys = elementKids(labels);
  if (keys.length < 2 || keys.length > MAX_COLUMN_ROWS) return undefined;
  const vals = elementKids(values);
  if (vals.length !== keys.length) return undefined;
  let contact = 0;
  const texts: string[] = [];
  for (const k of keys) {
    if (k.rawText.length > MAX_COLUMN_LABEL * 8) return undefined;
    const t = k.text.replace(/\s+/g, ' ').trim();
    if (!isLabelCellText(t)) return undefined;
    if (CONTACT_ROW_LABEL.test(t)) contact++;
    texts.push(t);
  }
  if (contact < MIN_CONTACT_ROWS || vals.every((v) => isLabelCellText(v.text.slice(0, MAX_COLUMN_LABEL * 2)))) return undefined;
  return { texts, vals };
}

/**
 * A column header naming the company ('Raison sociale', 'Nom', 'Société', 'Agence', 'Cabinet' …):
 * its first words.
 */
const NAME_HEAD = /^(?:raison sociale|d[ée]nomination|nom\b|soci[ée]t[ée]|entreprise|[ée]tablissement|enseigne|agence|cabinet|company|name\b|الاسم|الشركة|المؤسسة)/iu;
/** Most rows of a table cut into its records (a longer table is left as written). */
const MAX_SPLIT_ROWS = 2_000;

/** A header cell's text compared with the others: spaces collapsed, case and a final colon aside; undefined when long. */
function headText(cell: HTMLElement): string | undefined {
  const text = shortText(cell, 80);
  return text === undefined ? undefined : text.replace(/\s+/g, ' ').replace(/\s*:$/, '').trim().toLowerCase();
}

/**
 * How many columns one record of a header row spans when the header names one company's
 * columns several times over ('Raison sociale | Adresse | Contact | Raison sociale | Adresse |
 * Contact'): the shortest run of two or more headers, one of them naming the company, that the
 * row repeats whole, two times or more. 0 when it repeats none (a company's two offices, 'Nom |
 * Tél | Fax | Tél | Fax', is one record a row).
 */
function recordPeriod(texts: (string | undefined)[]): number {
  const width = texts.length;
  if (texts.some((t) => t === undefined || t.includes('@') || (t.match(/\d/g) ?? []).length >= 6)) return 0;
  for (let period = 2; period * 2 <= width; period++) {
    if (width % period !== 0) continue;
    const run = texts.slice(0, period) as string[];
    if (run.filter((t) => t !== '').length < 2 || !run.some((t) => NAME_HEAD.test(t))) continue;
    if (texts.every((t, i) => t === run[i % period])) return period;
  }
  return 0;
}

/** A cell's `colspan` (1 when absent or not a number, at most 100). */
function colSpan(cell: HTMLElement): number {
  const raw = cell.rawAttrs.includes('span') ? cell.getAttribute('colspan') : undefined;
  return Math.min(100, Math.max(1, Number.parseInt(raw ?? '1', 10) || 1));
}

/**
 * A row's cells cut into its records, `period` columns each (`colspan` counted: an empty record
 * written as one merged cell), or undefined when the row does not fill `width` columns, a cell
 * spans rows, or a cell crosses from one record into the next.
 */
function recordParts(cells: HTMLElement[], period: number, width: number): HTMLElement[][] | undefined {
  const parts: HTMLElement[][] = [];
  let col = 0;
  for (const cell of cells) {
    if (cell.rawAttrs.includes('span') && cell.getAttribute('rowspan') !== undefined) return undefined;
    const span = colSpan(cell);
    if (col % period === 0) parts.push([]);
    if (Math.floor(col / period) !== Math.floor((col + span - 1) / period)) return undefined;
    parts[parts.length - 1].push(cell);
    col += span;
  }
  return col === width ? parts : undefined;
}

/**
 * Rewrites the tables that hold several companies side by side in each row, each company over
 * several columns under a header that names its columns once per company (a list typed in a
 * word processor, 'Raison sociale | Adresse | Contact' twice across a landscape page, a double
 * border between the halves), as tables of one company per row: each row cut into its records,
 * left first, under the header's first run. A row is otherwise one entry, and its two companies
 * one company holding both's contacts. A row's empty part (the list's last company alone on its
 * row, its cells empty or merged into one) gives none; a row of one cell (a section's title across
 * the table) is kept as written; any other row (a cell spanning rows or two records, a different
 * count) leaves the table as it is.
 * Bounded: at most {@link MAX_SPLIT_ROWS} rows. Returns whether a table was rewritten.
 */
export function splitSideBySideRecords(tables: HTMLElement[], parse: (html: string) => HTMLElement): boolean {
  let changed = false;
  for (const table of tables) {
    const rows: HTMLElement[] = [];
    for (const kid of elementKids(table)) {
      if (kid.tagName === 'TR') rows.push(kid);
      else if (kid.tagName === 'TBODY' || kid.tagName === 'THEAD' || kid.tagName === 'TFOOT') for (const r of elementKids(kid)) if (r.tagName === 'TR') rows.push(r);
      if (rows.length > MAX_SPLIT_ROWS) break;
    }
    if (rows.length > MAX_SPLIT_ROWS) continue;
    // The header: the first row of four cells or more, after title rows of one cell.
    const at = rows.findIndex((r) => cellsOf(r).length > 1);
    if (at === -1) continue;
    const head = cellsOf(rows[at]);
    if (head.length < 4 || head.some((c) => c.rawAttrs.includes('span')) || rows.slice(0, at).some((r) => cellsOf(r).length > 1)) continue;
    const period = recordPeriod(head.map(headText));
    if (period === 0) continue;
    const thead = rows[at].parentNode?.tagName === 'THEAD';
    const body: string[] = [];
    let fits = true;
    for (const row of rows.slice(at + 1)) {
      const cells = cellsOf(row);
      if (cells.length <= 1) {
        body.push(row.toString());
        continue;
      }
      const parts = recordParts(cells, period, head.length);
      if (!parts) {
        fits = false;
        break;
      }
      for (const part of parts) {
        if (part.every((c) => c.text.trim() === '' && !c.querySelector('img'))) continue;
        body.push(`<tr>${part.map((c) => c.toString()).join('')}</tr>`);
      }
    }
    if (!fits) continue;
    const header = `<tr>${head.slice(0, period).map((c) => c.toString()).join('')}</tr>`;
    const above = rows.slice(0, at).map((r) => r.toString()).join('');
    const html = thead ? `<table><thead>${above}${header}</thead><tbody>${body.join('')}</tbody></table>` : `<table><tbody>${above}${header}${body.join('')}</tbody></table>`;
    const fresh = parse(html);
    table.set_content(fresh.childNodes.find((n) => n.nodeType === 1)?.childNodes ?? []);
    changed = true;
  }
  return changed;
}
