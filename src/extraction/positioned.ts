/**
 * A PDF converted to HTML (pdftohtml, pdf2htmlEX, a yearbook's "version web"): every run of text
 * is an absolutely positioned element (`style="position:absolute;top:123px;left:45px"`, or
 * classes whose CSS rules place it, pdf2htmlEX's `.x3{left:…}` / `.y7{bottom:…}`), so the
 * page's markup says nothing about which run belongs to which entry, and a label ('Tél :') and
 * its value are two runs. The reading rebuilds what the PDF showed:
 *
 * 1. lines: the runs of one PDF page (their parent element) grouped by their vertical position
 *    (`top`, or `bottom` read upwards), each line's runs in `left` order; a page set in columns
 *    (names in the names' font side by side on one line) is read column by column, left first;
 * 2. furniture: a run repeated at the top or bottom of most PDF pages (the publisher's running
 *    header, its footer with its own numbers), page numbers ('3', '2/4', 'Page 3') and the top
 *    or bottom lines a page sets apart by a gap wider than any other are not entries' text;
 * 3. records: a name line followed by field lines. Names are the lines in the font the list's
 *    names share (a class or inline style with a font, bold, size or colour of its own, not the
 *    body's, found at the start of two or more blocks and never a field label); when the list
 *    has no such font, a record starts after a gap wider than the usual line spacing, or a new
 *    PDF page. A table (a header line of column titles, one naming a contact column: 'N° |
 *    Officine | Adresse | Téléphone | E-mail') is read as one instead: each run under the column
 *    whose title starts nearest it, a row's cells over as many lines as they take (a line whose
 *    cells pdf2htmlEX set apart by gap spans, `<span class="_ _3"> </span>`, is cut into its cells
 *    first, each placed by the characters and gaps before it).
 *
 * Each record is returned as an element `<div><b>name</b><br>line<br>…</div>`, read like any
 * entry; a table's as the rows of a table whose header is the PDF's header line, read like any
 * table's rows. Empty unless the positioned runs hold most of the page's text and two records show a
 * contact. Bounded: at most {@link MAX_RUNS} runs, CSS rules matched by a linear pattern on a
 * bounded text, one sort per PDF page.
 */
import type { HTMLElement } from 'node-html-parser';
import { classText, escapeHtml, parseHtml, type ParsedPage } from './parse';
import { shortText } from './nodeText';

const MAX_RUNS = 20_000;
const MAX_STYLE_TEXT = 1_000_000;
const MAX_RUN_TEXT = 400;
const MAX_RECORD_LINES = 16;
/** Two runs whose vertical positions differ by at most this (px) are on one line. */
const SAME_LINE = 3;

/** A single-class CSS rule: `.x3{left:72px;}` (bounded body, no nesting). */
const CLASS_RULE = /\.([A-Za-z_][\w-]{0,40})[ \t]{0,3}\{([^{}]{0,600})\}/g;
const LEFT = /(?:^|[;\s{])left[ \t]{0,3}:[ \t]{0,3}(-?\d{1,6}(?:\.\d{1,6})?)(?:px|pt)?/i;
const TOP = /(?:^|[;\s{])top[ \t]{0,3}:[ \t]{0,3}(-?\d{1,6}(?:\.\d{1,6})?)(?:px|pt)?/i;
const BOTTOM = /(?:^|[;\s{])bottom[ \t]{0,3}:[ \t]{0,3}(-?\d{1,6}(?:\.\d{1,6})?)(?:px|pt)?/i;
const ABSOLUTE = /position[ \t]{0,3}:[ \t]{0,3}absolute/i;
const WIDTH = /(?:^|[;\s{])width[ \t]{0,3}:[ \t]{0,3}(\d{1,6}(?:\.\d{1,6})?)px/i;
const FONT_SIZE = /font-size[ \t]{0,3}:[ \t]{0,3}(\d{1,4}(?:\.\d{1,6})?)px/i;
const MATRIX = /(?:^|[;\s{])transform[ \t]{0,3}:[ \t]{0,3}matrix\([ \t]{0,3}(\d{1,4}(?:\.\d{1,8})?)[ \t]{0,3},/i;
const OTHER_POSITION = /position[ \t]{0,3}:[ \t]{0,3}(?:relative|static|sticky|fixed)/i;
/** CSS properties that make a font look different (a name's bold, size, family or colour). */
const FONT_PROPS = /font-(?:weight|size|family|style)|(?:^|[;\s])color[ \t]{0,3}:/i;

/** A line that starts with a field label (a whole word: 'Télécom Services' is a name) is a field, not a name. */
const FIELD_LINE = /^(?:t[ée]l|t[ée]l[ée]phones?|mob|mobile|gsm|portable|fixe|fax|t[ée]l[ée]copie|e-?mail|m[ée]l|courriel|adresse|site(?: web| internet)?|web|rc|nif|activit[ée]s?|contacts?|coordonn[ée]es|الهاتف|الفاكس|البريد|العنوان)(?![\p{L}\p{N}])/iu;
/** A page number alone: '3', '- 3 -', '2/4', 'Page 3', 'Page 3 sur 12', 'p. 3'. */
const PAGE_NUMBER = /^(?:page|p\.|pg\.?|الصفحة)?[ \t]{0,3}[-–—]?[ \t]{0,3}\d{1,4}[ \t]{0,3}(?:(?:\/|sur|of|de|من)[ \t]{0,3}\d{1,4})?[ \t]{0,3}[-–—]?$/iu;

interface ClassPos {
  left?: number;
  top?: number;
  bottom?: number;
  absolute: boolean;
  font: boolean;
  /** A width (pdf2htmlEX's gap spans `._3{width:69.9px}`), a font size and a transform's scale (`.m0{transform:matrix(0.25,…)}`). */
  width?: number;
  fontSize?: number;
  scale?: number;
}

interface Run {
  el: HTMLElement;
  text: string;
  left: number;
  /** Vertical position, growing downwards (top, or minus bottom). */
  y: number;
  font: string;
}

interface Line {
  runs: Run[];
  y: number;
  page: number;
  /** The page's column (its page number when the page has one column). */
  segment: number;
  /** Index of the line in its PDF page, and how many lines the page has. */
  at: number;
  of: number;
}

/**
 * The class rules of the page's style sheets that place or style an element, for the classes its
 * elements have (a theme's style sheet holds rules for thousands of classes a page never uses).
 */
function classRules(page: ParsedPage): Map<string, ClassPos> {
  const rules = new Map<string, ClassPos>();
  const used = new Set<string>();
  for (const el of page.elements) for (const c of el.classList.value) used.add(c);
  let budget = MAX_STYLE_TEXT;
  for (const style of page.byTag('STYLE')) {
    if (budget <= 0) break;
    const css = style.text.slice(0, budget);
    budget -= css.length;
    CLASS_RULE.lastIndex = 0;
    for (let m = CLASS_RULE.exec(css); m !== null; m = CLASS_RULE.exec(css)) {
      if (!used.has(m[1])) continue;
      const body = m[2];
      // (Each pattern needs a word of its own, in any case: a body is matched only against the patterns
      // whose word it holds, and one holding none adds nothing to the class's rule: most of a theme's rules.)
      const lower = body.toLowerCase();
      const hasLeft = lower.includes('left');
      const hasTop = lower.includes('top');
      const hasBottom = lower.includes('bottom');
      const hasAbsolute = lower.includes('absolute');
      const hasFont = lower.includes('font-') || lower.includes('color');
      const hasWidth = lower.includes('width');
      const hasMatrix = lower.includes('matrix');
      if (!hasLeft && !hasTop && !hasBottom && !hasAbsolute && !hasFont && !hasWidth && !hasMatrix) continue;
      const rule: ClassPos = { ...(rules.get(m[1]) ?? { absolute: false, font: false }) };
      const left = hasLeft ? LEFT.exec(body) : null;
      const top = hasTop ? TOP.exec(body) : null;
      const bottom = hasBottom ? BOTTOM.exec(body) : null;
      if (left) rule.left = Number(left[1]);
      if (top) rule.top = Number(top[1]);
      if (bottom) rule.bottom = Number(bottom[1]);
      if (hasAbsolute && ABSOLUTE.test(body)) rule.absolute = true;
      if (hasFont && FONT_PROPS.test(body)) rule.font = true;
      const width = hasWidth ? WIDTH.exec(body) : null;
      const size = hasFont ? FONT_SIZE.exec(body) : null;
      const matrix = hasMatrix ? MATRIX.exec(body) : null;
      if (width) rule.width = Number(width[1]);
      if (size) rule.fontSize = Number(size[1]);
      if (matrix && Number(matrix[1]) > 0) rule.scale = Number(matrix[1]);
      rules.set(m[1], rule);
    }
  }
  return rules;
}

/** Where an element is placed (inline style first, then its classes), when it is absolutely placed. */
function placed(el: HTMLElement, rules: Map<string, ClassPos>): { left: number; y: number; font: string } | undefined {
  let left: number | undefined;
  let top: number | undefined;
  let bottom: number | undefined;
  let absolute = false;
  const fonts: string[] = [];
  for (const c of el.classList.value) {
    const r = rules.get(c);
    if (!r) continue;
    left = r.left ?? left;
    top = r.top ?? top;
    bottom = r.bottom ?? bottom;
    absolute ||= r.absolute;
    if (r.font) fonts.push(c);
  }
  const style = el.rawAttrs.includes('style') ? el.getAttribute('style') : undefined;
  if (style && style.length <= 600) {
    const l = LEFT.exec(style);
    const t = TOP.exec(style);
    const b = BOTTOM.exec(style);
    if (l) left = Number(l[1]);
    if (t) top = Number(t[1]);
    if (b && !t) bottom = Number(b[1]);
    // Inline coordinates place the element (the class that made it absolute may be gone), unless another position is said.
    if (ABSOLUTE.test(style) || (l && (t || b) && !OTHER_POSITION.test(style))) absolute = true;
    const weight = /font-weight[ \t]{0,3}:[ \t]{0,3}(\w{1,10})/i.exec(style);
    const size = /font-size[ \t]{0,3}:[ \t]{0,3}([\d.]{1,8})/i.exec(style);
    if (weight) fonts.push(`w${weight[1]}`);
    if (size) fonts.push(`s${size[1]}`);
  }
  if (!absolute || left === undefined || (top === undefined && bottom === undefined)) return undefined;
  return { left, y: top !== undefined ? top : -bottom!, font: fonts.join(' ') };
}

/**
 * The records of a page converted from PDF with positioned runs (see the module's comment), as
 * elements to read like entries; empty when the page is not one or shows fewer than two records.
 */
export function positionedRecords(page: ParsedPage): HTMLElement[] {
  const rules = classRules(page);
  const placing = new Set([...rules.entries()].filter(([, r]) => r.left !== undefined || r.top !== undefined || r.bottom !== undefined).map(([c]) => c));
  // Placed elements; a run is one that holds no other (pdf2htmlEX's page box is placed too).
  // (Attributes are parsed only for elements whose raw attributes may place them: an inline 'left', or classes when the style sheets place by class.)
  const candidates = new Map<HTMLElement, { left: number; y: number; font: string }>();
  for (const el of page.elements) {
    if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE' || el.tagName === 'IMG') continue;
    const raw = el.rawAttrs;
    if (!(raw.includes('left') && raw.includes('style')) && !(placing.size > 0 && raw.includes('class') && classText(el).split(' ').some((c) => placing.has(c)))) continue;
    const p = placed(el, rules);
    if (p) candidates.set(el, p);
    if (candidates.size > MAX_RUNS) return [];
  }
  if (candidates.size < 6) return [];
  const holders = new Set<HTMLElement>();
  for (const el of candidates.keys()) {
    for (let a = el.parentNode; a && !holders.has(a); a = a.parentNode) if (candidates.has(a)) holders.add(a);
  }
  const pages = new Map<HTMLElement, Run[]>();
  const split = new Map<Run, GapLine>();
  let runText = 0;
  for (const [el, p] of candidates) {
    if (holders.has(el)) continue;
    const text = shortText(el, MAX_RUN_TEXT);
    if (!text) continue;
    runText += text.length;
    const bold = el.querySelector('b, strong') !== null ? ' b' : '';
    const parent = el.parentNode ?? page.root;
    const list = pages.get(parent);
    const run = { el, text, left: p.left, y: p.y, font: p.font + bold };
    if (list) list.push(run);
    else pages.set(parent, [run]);
    const cells = gapCells(el, rules);
    if (cells) split.set(run, cells);
  }
  // The runs must be the page's text, not a few placed badges on an ordinary page.
  const bodyText = (page.byTag('BODY')[0] ?? page.root).text.replace(/\s+/g, ' ').length;
  if (runText < 0.5 * bodyText) return [];

  const pageRuns = split.size > 0 ? cellRuns([...pages.values()], split) : [...pages.values()];
  const lines = pageRuns.flatMap((runs, page) => linesOf(runs, page, page));
  let body = withoutFurniture(lines, pageRuns.length);
  // A table converted from PDF: its rows, each value under its column's title.
  const rows = tableRows(body);
  if (rows.length > 0) return rows;
  // Pages set in columns (two names side by side on one line): each column read as a page of its own, left to right.
  // (Lines of side-by-side columns mix both columns' names and fields: the names' font is looked for loosely there.)
  const nameFont = nameFontOf(body, 1);
  if (nameFont !== undefined && body.some((l) => columnStarts(l.runs.filter((r) => r.font === nameFont)).length >= 2)) {
    let segment = pageRuns.length;
    const split = pageRuns.flatMap((runs, page) => {
      const starts = columnStarts(runs.filter((r) => r.font === nameFont));
      if (starts.length < 2) return linesOf(runs, page, page);
      const columns: Run[][] = starts.map(() => []);
      for (const r of runs) {
        let k = 0;
        while (k + 1 < starts.length && r.left >= starts[k + 1] - COLUMN_SLACK) k++;
        columns[k].push(r);
      }
      return columns.flatMap((c) => linesOf(c, page, segment++));
    });
    body = withoutFurniture(split, pageRuns.length);
  }
  const blocks = cutRecords(body, nameFontOf(body));
  const contact = (t: string) => t.includes('@') || (t.match(/\d/g) ?? []).length >= 8;
  const records = blocks.filter((b) => b.lines.length > 0 && /\p{L}{2}/u.test(b.name) && !FIELD_LINE.test(b.name) && !b.name.includes('@'));
  if (records.filter((r) => r.lines.some(contact)).length < 2) return [];
  const html = records.map((r) => `<div class="pdf-record"><b>${escapeHtml(r.name)}</b><br>${r.lines.slice(0, MAX_RECORD_LINES).map(escapeHtml).join('<br>')}</div>`).join('');
  return parseHtml(`<div>${html}</div>`).querySelectorAll('div.pdf-record');
}

/**
 * A line whose cells pdf2htmlEX set apart by gap spans (`<span class="_ _3"> </span>`, its width
 * in the style sheet) rather than by runs of their own: each cell's text, the characters and the
 * gaps' widths before it, and the line's width of a character (half its font size, scaled).
 */
interface GapLine {
  cells: { text: string; chars: number; gaps: number }[];
  perChar: number;
  scale: number;
}

/** The cells of a run set apart by gap spans (see {@link GapLine}); undefined when it has none. Bounded by {@link MAX_COLUMNS}. */
function gapCells(el: HTMLElement, rules: Map<string, ClassPos>): GapLine | undefined {
  let fontSize: number | undefined;
  let scale = 1;
  for (const c of el.classList.value) {
    const r = rules.get(c);
    if (r?.fontSize !== undefined) fontSize = r.fontSize;
    if (r?.scale !== undefined) scale = r.scale;
  }
  if (fontSize === undefined) return undefined;
  const cells: GapLine['cells'] = [];
  let text = '';
  let chars = 0;
  let gaps = 0;
  let start = { chars: 0, gaps: 0 };
  for (const node of el.childNodes) {
    const width = node.nodeType === 1 ? gapWidth(node as HTMLElement, rules) : undefined;
    if (width === undefined) {
      const t = node.text.replace(/[\r\n]+/g, '');
      text += t;
      chars += t.length;
      continue;
    }
    if (text.trim()) cells.push({ text: text.trim(), ...start });
    if (cells.length >= MAX_COLUMNS) return undefined;
    text = '';
    gaps += width;
    start = { chars, gaps };
  }
  if (text.trim()) cells.push({ text: text.trim(), ...start });
  return cells.length >= 2 ? { cells, perChar: fontSize * scale * 0.5, scale } : undefined;
}

/** The width of a gap span: an element of blank text whose class gives it a width. */
function gapWidth(el: HTMLElement, rules: Map<string, ClassPos>): number | undefined {
  if (el.childNodes.length > 1 || el.text.trim() !== '') return undefined;
  let width: number | undefined;
  for (const c of el.classList.value) width = rules.get(c)?.width ?? width;
  return width;
}

/**
 * The PDF pages' runs with each line set apart by gap spans cut into one run per cell, placed
 * where the cell starts: the line's left, plus its characters before (half the font size each)
 * and its gaps. Whether a gap's width is in the page's units or in the line's own (before its
 * transform's scale) is not said: of the two, the one under which the table's rows line up with
 * its header line (a row of as many cells as titles, each nearest its own title; a lone run
 * starting where a title does) is taken.
 */
function cellRuns(pageRuns: Run[][], split: Map<Run, GapLine>): Run[][] {
  const expand = (unitOf: (g: GapLine) => number): Run[][] =>
    pageRuns.map((runs) =>
      runs.flatMap((r) => {
        const g = split.get(r);
        if (!g) return [r];
        return g.cells.map((c) => ({ ...r, text: c.text, left: r.left + c.chars * g.perChar + c.gaps * unitOf(g) }));
      }),
    );
  const candidates = [expand((g) => g.scale), expand(() => 1)];
  const scores = candidates.map((runs) => alignment(runs.flatMap((r, i) => linesOf([...r], i, i))));
  return scores[1] > scores[0] ? candidates[1] : candidates[0];
}

/** Most a lone run's left may stray from a title's (px) and still start under it. */
const ALIGN_SLACK = 6;

/** How well the lines line up under the first header line's titles (see {@link cellRuns}). */
function alignment(lines: Line[]): number {
  const header = lines.find(isHeaderLine);
  if (!header) return 0;
  const cols = header.runs.map((r) => r.left);
  const nearest = (left: number): number => {
    let best = 0;
    for (let k = 1; k < cols.length; k++) if (Math.abs(cols[k] - left) < Math.abs(cols[best] - left)) best = k;
    return best;
  };
  let score = 0;
  for (const l of lines) {
    if (l === header) continue;
    if (l.runs.length === cols.length) score += l.runs.filter((r, i) => nearest(r.left) === i).length;
    else if (l.runs.length === 1 && cols.some((c) => Math.abs(c - l.runs[0].left) <= ALIGN_SLACK)) score++;
  }
  return score;
}

/** A column title naming a contact column ('Téléphone', 'Tél.', 'Fax', 'E-mail', 'الهاتف'), a colon aside. */
const CONTACT_TITLE = /^(?:t[ée]l(?:[ée]phones?)?|t[ée]l[ée]copie|fax|mob|mobile|portable|gsm|e-?mail|m[ée]l|courriel|contacts?|coordonn[ée]es|الهاتف|الفاكس|النقال|البريد(?: الإلكتروني)?)\.?[ \t]{0,3}:?$/iu;
/** Most characters of a column title. */
const MAX_TITLE = 40;
/** Most columns of a table's header line (a bound on the columns each run is placed among). */
const MAX_COLUMNS = 30;

/** Whether a line is a table's header: three column titles or more (at most {@link MAX_COLUMNS}), short, without a contact, one of them naming a contact column. */
function isHeaderLine(l: Line): boolean {
  if (l.runs.length < 3 || l.runs.length > MAX_COLUMNS) return false;
  let contact = false;
  for (const r of l.runs) {
    const t = r.text.replace(/\s+/g, ' ').trim();
    if (t.length > MAX_TITLE || t.includes('@') || (t.match(/\d/g) ?? []).length > 2) return false;
    if (CONTACT_TITLE.test(t)) contact = true;
  }
  return contact;
}

/**
 * The rows of a table converted from PDF (a landscape list: 'N° | Officine | Adresse | Téléphone
 * | E-mail'), as rows of a table whose header is the PDF's header line (see {@link isHeaderLine}),
 * so that each value is read under its column's title (a number under 'Fax' a fax): each run
 * goes to the column whose title starts nearest its left edge; where lines are further apart
 * between rows than within them (a cell's second line, an address, a second number, set a line
 * lower), a row starts at each line further from the one above than the table's closest
 * spacing, else at each line with a run in the first column; the lines above the header (the letterhead) are not the table's, and a line beyond a
 * gap wider than three times the usual one ends it on its page (a signature, a note). A page
 * without a header line continues the table when one came before. Empty unless two rows show a
 * contact. Linear in the lines.
 */
function tableRows(lines: Line[]): HTMLElement[] {
  let columns: { left: number; title: string }[] | undefined;
  const headers = new Set(lines.filter(isHeaderLine));
  const withHeader = new Set([...headers].map((l) => l.segment));
  const inTable = new Set<number>();
  const table: { line: Line; segment: number }[] = [];
  for (const l of lines) {
    if (headers.has(l)) {
      columns ??= l.runs.map((r) => ({ left: r.left, title: r.text.replace(/\s+/g, ' ').trim() }));
      inTable.add(l.segment);
      continue;
    }
    if (columns && (inTable.has(l.segment) || !withHeader.has(l.segment))) table.push({ line: l, segment: l.segment });
  }
  if (!columns || table.length < 2) return [];
  const cols = columns;
  const column = (left: number): number => {
    let best = 0;
    for (let k = 1; k < cols.length; k++) if (Math.abs(cols[k].left - left) < Math.abs(cols[best].left - left)) best = k;
    return best;
  };
  const gaps = table.slice(1).map((t, i) => (t.segment === table[i].segment ? t.line.y - table[i].line.y : Infinity)).filter((g) => g !== Infinity && g > 0);
  const sorted = [...gaps].sort((a, b) => a - b);
  const closest = sorted[0] ?? 0;
  const usual = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const spread = sorted.length > 0 && sorted[sorted.length - 1] > closest * 1.25;
  const rows: string[][][] = [];
  let current: string[][] | undefined;
  let ended = -1;
  table.forEach((t, i) => {
    const prev = table[i - 1];
    const gap = prev && prev.segment === t.segment ? t.line.y - prev.line.y : undefined;
    if (gap !== undefined && usual > 0 && gap > 3 * usual) ended = t.segment;
    if (ended === t.segment) return;
    // (Where lines are spaced alike, the first column tells rows apart; else the spacing does: a row's number at a page's edge may be taken for a page number.)
    // (Where spacings differ, any gap a tenth wider than a row's own line spacing starts a row: rows a little apart, 14.6 px against 11.8.)
    const first = t.line.runs.some((r) => column(r.left) === 0);
    const starts = gap === undefined || (spread ? gap > closest * 1.1 : first);
    if (!current || starts) {
      current = cols.map(() => []);
      rows.push(current);
    }
    for (const r of t.line.runs) current[column(r.left)].push(r.text);
  });
  const contact = (row: string[][]) => row.some((cell) => cell.some((t) => t.includes('@') || (t.match(/\d/g) ?? []).length >= 8));
  if (rows.filter(contact).length < 2) return [];
  const head = `<tr>${cols.map((c) => `<th>${escapeHtml(c.title)}</th>`).join('')}</tr>`;
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell.map(escapeHtml).join('<br>')}</td>`).join('')}</tr>`).join('');
  return parseHtml(`<table><thead>${head}</thead><tbody>${body}</tbody></table>`).querySelectorAll('tbody > tr');
}

/** The lines of a PDF page's (or column's) runs: grouped by vertical position, each in left order, top down. */
function linesOf(runs: Run[], page: number, segment: number): Line[] {
  runs.sort((a, b) => a.y - b.y || a.left - b.left);
  const own: Line[] = [];
  for (const r of runs) {
    const last = own[own.length - 1];
    if (last && r.y - last.y <= SAME_LINE) last.runs.push(r);
    else own.push({ runs: [r], y: r.y, page, segment, at: 0, of: 0 });
  }
  own.forEach((l, i) => {
    l.runs.sort((a, b) => a.left - b.left);
    l.at = i;
    l.of = own.length;
  });
  return own;
}

/** Columns are this far apart at least (px), and a run belongs to a column from this much left of its start. */
const COLUMN_GAP = 100;
const COLUMN_SLACK = 20;

/** The left edges of the columns names in the names' font stand in: lefts more than {@link COLUMN_GAP} apart. */
function columnStarts(names: readonly Run[]): number[] {
  const lefts = names.map((r) => r.left).sort((a, b) => a - b);
  const starts: number[] = [];
  for (const x of lefts) if (starts.length === 0 || x - starts[starts.length - 1] > COLUMN_GAP) starts.push(x);
  return starts;
}

/** Lines at the top or bottom of a PDF page or column (the first two, the last two). */
function atEdge(l: Line): boolean {
  return l.at < 2 || l.at >= l.of - 2;
}

/**
 * The lines without the PDF pages' furniture: runs at a page's edge whose text is found at the
 * edge of most pages (two at least), page numbers at an edge, and the edge lines a page sets
 * apart (see {@link setApart}).
 */
function withoutFurniture(all: Line[], pages: number): Line[] {
  const apart = setApart(all);
  const lines = all.filter((l) => !apart.has(l));
  const seen = new Map<string, Set<number>>();
  for (const l of lines) {
    if (!atEdge(l)) continue;
    for (const r of l.runs) {
      for (const k of furnitureKeys(r.text)) {
        const s = seen.get(k) ?? new Set<number>();
        s.add(l.page);
        seen.set(k, s);
      }
    }
  }
  const most = Math.max(2, Math.ceil(pages / 2));
  const repeated = (t: string) => pages >= 2 && furnitureKeys(t).some((k) => (seen.get(k)?.size ?? 0) >= most);
  const out: Line[] = [];
  for (const l of lines) {
    const runs = atEdge(l) ? l.runs.filter((r) => !repeated(r.text) && !PAGE_NUMBER.test(r.text)) : l.runs;
    if (runs.length > 0) out.push({ ...l, runs });
  }
  return out;
}

/**
 * Lines a PDF page sets apart at its top or bottom (a running header, a footer: also on a
 * document of one page, where nothing repeats): of the first two or last two lines of a page,
 * those beyond a gap wider than three times the page's usual line spacing and wider than every
 * gap between the page's other lines.
 */
function setApart(lines: Line[]): Set<Line> {
  const out = new Set<Line>();
  const byPage = new Map<number, Line[]>();
  for (const l of lines) {
    const list = byPage.get(l.segment);
    if (list) list.push(l);
    else byPage.set(l.segment, [l]);
  }
  for (const page of byPage.values()) {
    if (page.length < 5) continue;
    const gaps = page.slice(1).map((l, i) => l.y - page[i].y);
    const usual = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)];
    const wide = (i: number) => {
      const inner = gaps.filter((_, k) => k !== i && k !== 0 && k !== 1 && k !== gaps.length - 1 && k !== gaps.length - 2);
      return gaps[i] > 3 * usual && inner.every((g) => gaps[i] > g);
    };
    // Top: a wide gap after line 0 or line 1; bottom: before the last line or the one before it.
    for (const i of [1, 0]) {
      if (wide(i)) {
        for (let k = 0; k <= i; k++) out.add(page[k]);
        break;
      }
    }
    for (const i of [gaps.length - 2, gaps.length - 1]) {
      if (wide(i)) {
        for (let k = i + 1; k < page.length; k++) out.add(page[k]);
        break;
      }
    }
  }
  return out;
}

/**
 * What makes two edge runs the same furniture: the same text; for a run showing a contact (the
 * publisher's footer), also the same words, one of its e-mails, or one of its numbers (its last 8
 * digits), however each page writes the numbers and labels.
 */
function furnitureKeys(text: string): string[] {
  const keys = [`=${text}`];
  const digits = text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  const numbers = (digits.replace(/[\s.()/+-]/g, '').match(/\d{8,15}/g) ?? []).map((n) => `#${n.slice(-8)}`);
  const emails = (text.toLowerCase().match(/[\w.+-]{1,64}@[\w.-]{1,255}/g) ?? []).map((e) => `@${e}`);
  if (numbers.length + emails.length === 0) return keys;
  const words = text.toLowerCase().normalize('NFD').replace(/[^\p{L}]+/gu, '');
  return [...keys, ...numbers, ...emails, ...(words.length >= 8 ? [`w${words}`] : [])];
}

function lineText(l: Line): string {
  return l.runs.map((r) => r.text).join(' ').replace(/\s+/g, ' ').trim();
}

function isFieldOrContact(text: string): boolean {
  return FIELD_LINE.test(text) || text.includes('@') || (text.match(/\d/g) ?? []).length >= 6 || /:$/.test(text);
}

/**
 * Records of the line sequence: cut before every line in the names' font when the list has
 * one (see the module's comment), else after a gap wider than 1.4 times the page's usual line
 * spacing and at every new PDF page. Each record: the first line (its first run) as the name,
 * then the other lines' texts.
 */
function cutRecords(lines: Line[], nameFont: string | undefined): { name: string; lines: string[] }[] {
  const starts = new Set<number>();
  if (nameFont !== undefined) {
    lines.forEach((l, i) => {
      if (l.runs[0].font === nameFont) starts.add(i);
    });
  } else {
    const gaps: number[] = [];
    for (let i = 1; i < lines.length; i++) if (lines[i].segment === lines[i - 1].segment) gaps.push(lines[i].y - lines[i - 1].y);
    const sorted = [...gaps].sort((a, b) => a - b);
    const usual = sorted[Math.floor(sorted.length / 2)] ?? 0;
    lines.forEach((l, i) => {
      const prev = lines[i - 1];
      if (!prev || prev.segment !== l.segment || l.y - prev.y > usual * 1.4) starts.add(i);
    });
  }
  const out: { name: string; lines: string[] }[] = [];
  let current: { name: string; lines: string[] } | undefined;
  lines.forEach((l, i) => {
    if (starts.has(i)) {
      const rest = l.runs.slice(1).map((r) => r.text).join(' ').trim();
      current = { name: l.runs[0].text, lines: rest ? [rest] : [] };
      out.push(current);
    } else if (current) current.lines.push(lineText(l));
  });
  return out;
}

/**
 * The font the list's names share: not the body's (the most common first run's), on two or more
 * lines that are no field, each followed by a line in another font (all but one in `tolerance`
 * + 1 at least); undefined when none is.
 */
function nameFontOf(lines: Line[], tolerance = 4): string | undefined {
  const fontCount = new Map<string, number>();
  for (const l of lines) fontCount.set(l.runs[0].font, (fontCount.get(l.runs[0].font) ?? 0) + 1);
  const bodyFont = [...fontCount.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  // The names' font: not the body's, on two or more lines that are no field, each followed by a line in another font.
  const nameFonts = new Map<string, { n: number; bad: number }>();
  lines.forEach((l, i) => {
    const f = l.runs[0].font;
    if (f === bodyFont) return;
    const s = nameFonts.get(f) ?? { n: 0, bad: 0 };
    const next = lines[i + 1];
    if (isFieldOrContact(l.runs[0].text) || !/\p{L}{2}/u.test(l.runs[0].text) || !next || next.runs[0].font === f) s.bad++;
    else s.n++;
    nameFonts.set(f, s);
  });
  return [...nameFonts.entries()].filter(([, s]) => s.n >= 2 && s.bad * tolerance <= s.n).sort((a, b) => b[1].n - a[1].n)[0]?.[0];
}
