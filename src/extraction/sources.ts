/**
 * The scraping sources file (the operator interface): a YAML file, named by the
 * `SCRAPING_SOURCES` variable, listing the directories to read.
 *
 * ```yaml
 * sources:
 *   - name: annuaire-exemple              # unique
 *     search_url: "https://example.dz/recherche?secteur={secteur}&wilaya={wilaya}&page={page}"
 *     max_pages: 5                        # optional, default 5
 *     selectors:                          # all optional
 *       item: "div.fiche"                 # one company on a listing page
 *       name: "h2"                        # fields inside an item...
 *       activity: ".activite"
 *       email: ".email"
 *       phone: ".tel"
 *       detail_link: "a.details"          # ...or a link to the company's own page, read the same way
 *       next_page: "a.suivant"            # default: a[rel=next]
 * ```
 *
 * The file is read with the `yaml` document API so that every problem is reported with the
 * line it is on (`sources.yaml:7: max_pages must be an integer from 1 to 50`). Every problem
 * of the file is reported at once, one per line of the error message.
 */
import fs from 'node:fs';
import { parse as parseHtml } from 'node-html-parser';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode, type Pair, type YAMLMap } from 'yaml';

/** CSS selectors of a source (node-html-parser / css-select syntax); every one is optional. */
export interface SourceSelectors {
  /** One company on a listing page. Without it, the page's schema.org organisations are the items. */
  item?: string;
  /** The company's name inside an item (or on its detail page). */
  name?: string;
  /** Its activity. */
  activity?: string;
  /** Its e-mail address(es). */
  email?: string;
  /** Its phone number(s). */
  phone?: string;
  /** The link to the company's own page on the directory, read the same way as an item. */
  detailLink?: string;
  /** The link to the next listing page; default `a[rel~=next], link[rel~=next]`. */
  nextPage?: string;
}

/** One validated source. */
export interface SourceConfig {
  /** Unique name, used in reports. */
  name: string;
  /** The search URL template, with `{secteur}`, `{wilaya}`, `{wilaya_code}`, `{page}`, `{cursor}` placeholders. */
  searchUrl: string;
  /** How many listing pages to read at most (1..50, default {@link DEFAULT_MAX_PAGES}). */
  maxPages: number;
  selectors: SourceSelectors;
  /** The line of the source's entry in the file, for messages. */
  line: number;
}

/** One problem of a sources file. */
export interface SourcesProblem {
  /** 1-based line, 0 when the problem concerns the whole file (it could not be read). */
  line: number;
  message: string;
}

/** A sources file that cannot be used; the message names the file and line of every problem. */
export class SourcesFileError extends Error {
  constructor(
    public readonly file: string,
    public readonly problems: SourcesProblem[],
  ) {
    super(problems.map((p) => (p.line > 0 ? `${file}:${p.line}: ${p.message}` : `${file}: ${p.message}`)).join('\n'));
    this.name = 'SourcesFileError';
  }
}

/** Listing pages read per source when `max_pages` is not given. */
export const DEFAULT_MAX_PAGES = 5;
/** The largest `max_pages` accepted. */
export const MAX_PAGES_LIMIT = 50;
/** The placeholders a search URL may use. */
export const PLACEHOLDERS = ['secteur', 'wilaya', 'wilaya_code', 'page', 'cursor'] as const;

const SOURCE_KEYS = ['name', 'search_url', 'max_pages', 'selectors'];
/** YAML selector keys and the {@link SourceSelectors} field each fills. */
const SELECTOR_KEYS: Readonly<Record<string, keyof SourceSelectors>> = {
  item: 'item',
  name: 'name',
  activity: 'activity',
  email: 'email',
  phone: 'phone',
  detail_link: 'detailLink',
  next_page: 'nextPage',
};

/** Reads and validates a sources file; throws {@link SourcesFileError} (also when it cannot be read). */
export function loadSourcesFile(path: string): SourceConfig[] {
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (err) {
    throw new SourcesFileError(path, [{ line: 0, message: `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})` }]);
  }
  return parseSources(text, path);
}

/**
 * Validates the text of a sources file. `file` only names the file in messages. Throws a
 * {@link SourcesFileError} listing every problem with its line: YAML syntax, an unknown key, a
 * missing or duplicate name, a missing search_url or one that is not an absolute http(s) URL or
 * uses an unknown placeholder, a max_pages that is not an integer from 1 to 50, a selector that
 * is not a non-empty string or not valid CSS for node-html-parser.
 */
export function parseSources(text: string, file = 'sources.yaml'): SourceConfig[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const problems: SourcesProblem[] = [];
  const lineOf = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line);
  const nodeLine = (node: unknown) => lineOf(isNodeWithRange(node) ? node.range[0] : undefined);
  const problem = (at: unknown, message: string) => problems.push({ line: nodeLine(at), message });

  for (const err of doc.errors) problems.push({ line: lineOf(err.pos[0]), message: err.message.split('\n')[0] });
  if (problems.length > 0) throw new SourcesFileError(file, problems);

  const root = doc.contents;
  if (!isMap(root)) {
    problems.push({ line: root ? nodeLine(root) : 1, message: "the file must be a map with a 'sources' list" });
    throw new SourcesFileError(file, problems);
  }
  let list: YamlNode | null | undefined;
  let listKey: unknown;
  for (const pair of root.items) {
    const key = keyName(pair);
    if (key === 'sources') {
      list = pair.value as YamlNode | null;
      listKey = pair.key;
    } else problem(pair.key, `unknown key '${key}' (expected 'sources')`);
  }
  if (listKey === undefined) problems.push({ line: nodeLine(root), message: "missing 'sources' list" });
  else if (!isSeq(list)) problem(list ?? listKey, "'sources' must be a list");

  const sources: SourceConfig[] = [];
  const names = new Map<string, number>();
  for (const entry of isSeq(list) ? list.items : []) {
    const { name, line, source } = readSource(entry, problem, nodeLine);
    if (name !== undefined) {
      const first = names.get(name);
      if (first !== undefined) problems.push({ line, message: `duplicate source name '${name}' (first used on line ${first})` });
      else names.set(name, line);
    }
    if (source) sources.push(source);
  }
  if (problems.length > 0) throw new SourcesFileError(file, problems.sort((a, b) => a.line - b.line));
  return sources;
}

/** Validates one entry of the list (its source when valid, its name for the duplicate check); problems are reported through `problem`. */
function readSource(
  entry: unknown,
  problem: (at: unknown, message: string) => void,
  nodeLine: (node: unknown) => number,
): { name?: string; line: number; source?: SourceConfig } {
  if (!isMap(entry)) {
    problem(entry, 'a source must be a map with name and search_url');
    return { line: nodeLine(entry) };
  }
  const line = nodeLine(entry);
  const fields = new Map<string, Pair>();
  for (const pair of entry.items) {
    const key = keyName(pair);
    if (!SOURCE_KEYS.includes(key)) problem(pair.key, `unknown key '${key}' (expected one of ${SOURCE_KEYS.join(', ')})`);
    else fields.set(key, pair);
  }
  let ok = true;
  const fail = (at: unknown, message: string) => {
    problem(at, message);
    ok = false;
  };

  const name = stringValue(fields.get('name'));
  if (name === undefined) fail(fields.get('name')?.value ?? fields.get('name')?.key ?? entry, 'missing name (a non-empty string)');

  const urlPair = fields.get('search_url');
  const searchUrl = stringValue(urlPair);
  if (searchUrl === undefined) fail(urlPair?.value ?? urlPair?.key ?? entry, 'missing search_url (a non-empty string)');
  else {
    const urlProblem = searchUrlProblem(searchUrl);
    if (urlProblem) fail(urlPair?.value, urlProblem);
  }

  let maxPages = DEFAULT_MAX_PAGES;
  const pagesPair = fields.get('max_pages');
  if (pagesPair) {
    const v = isScalar(pagesPair.value) ? pagesPair.value.value : undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_PAGES_LIMIT) {
      fail(pagesPair.value ?? pagesPair.key, `max_pages must be an integer from 1 to ${MAX_PAGES_LIMIT}`);
    } else maxPages = v;
  }

  const selectors: SourceSelectors = {};
  const selPair = fields.get('selectors');
  const selNode = selPair?.value;
  if (selPair && selNode != null && !(isScalar(selNode) && selNode.value === null)) {
    if (!isMap(selNode)) fail(selNode, 'selectors must be a map');
    else {
      for (const pair of (selNode as YAMLMap).items) {
        const key = keyName(pair);
        const field = SELECTOR_KEYS[key];
        if (!field) {
          fail(pair.key, `unknown selector '${key}' (expected one of ${Object.keys(SELECTOR_KEYS).join(', ')})`);
          continue;
        }
        const css = stringValue(pair);
        if (css === undefined) {
          fail(pair.value ?? pair.key, `selectors.${key} must be a non-empty string`);
          continue;
        }
        const cssProblem = selectorProblem(css);
        if (cssProblem) fail(pair.value, `selectors.${key} is not a valid CSS selector: ${cssProblem}`);
        else selectors[field] = css;
      }
    }
  }
  const source = ok && name !== undefined && searchUrl !== undefined ? { name, searchUrl, maxPages, selectors, line } : undefined;
  return { name, line, source };
}

/** Values that fill a search URL's placeholders. */
export interface SearchParams {
  secteur: string;
  /** The wilaya's name, for `{wilaya}`. */
  wilaya: string;
  /** The wilaya's code, for `{wilaya_code}`. */
  wilayaCode: number;
  page: number;
  /** The cursor of a cursor-driven API, for `{cursor}`: empty on the first page. */
  cursor?: string;
}

/**
 * Fills a search URL template; every value is URL-encoded (encodeURIComponent, which also
 * encodes '/', so a value is one path segment). `{cursor}` is empty on the first page; the next
 * batches of a JSON API put its cursor in the same query parameter or path segment
 * (cursor.ts: cursorNext).
 */
export function expandSearchUrl(template: string, params: SearchParams): string {
  const values: Record<string, string> = {
    secteur: params.secteur,
    wilaya: params.wilaya,
    wilaya_code: String(params.wilayaCode),
    page: String(params.page),
    cursor: params.cursor ?? '',
  };
  return template.replace(/\{([^{}]*)\}/g, (whole, key: string) => (key in values ? encodeURIComponent(values[key]) : whole));
}

/** Why a search URL template is refused, or undefined when it is usable. */
function searchUrlProblem(template: string): string | undefined {
  const unknown = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]).filter((k) => !(PLACEHOLDERS as readonly string[]).includes(k));
  if (unknown.length > 0) {
    return `unknown placeholder {${unknown[0]}} in search_url (allowed: ${PLACEHOLDERS.map((p) => `{${p}}`).join(', ')})`;
  }
  let url: URL;
  try {
    url = new URL(expandSearchUrl(template, { secteur: 'x', wilaya: 'x', wilayaCode: 1, page: 1 }));
  } catch {
    return 'search_url must be an absolute http(s) URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `search_url must be an http(s) URL (got ${url.protocol})`;
  return undefined;
}

/** Why a CSS selector is refused by node-html-parser, or undefined when it is usable. */
export function selectorProblem(css: string): string | undefined {
  try {
    parseHtml('<div><a href="#">x</a></div>').querySelectorAll(css);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

function keyName(pair: Pair): string {
  return isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}

/** The trimmed string value of a pair, or undefined when it is missing, empty or not a string. */
function stringValue(pair: Pair | undefined): string | undefined {
  if (!pair || !isScalar(pair.value) || typeof pair.value.value !== 'string') return undefined;
  const s = pair.value.value.trim();
  return s === '' ? undefined : s;
}

function isNodeWithRange(node: unknown): node is { range: [number, number, number] } {
  return typeof node === 'object' && node !== null && Array.isArray((node as { range?: unknown }).range);
}
