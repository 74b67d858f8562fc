/**
 * The data of a Next.js App Router page (Next 13+): React Server Components "flight" data, which
 * the page ships as `self.__next_f.push([1, "…"])` scripts. The pushed strings, in order, form
 * one text of rows `id:JSON` (a React element is `["$", type, key, props]`), `id:T<hex length>,
 * <text>` (a long string), `id:I[…]` / `id:HL[…]` … (module imports, hints: skipped); a string
 * value `"$4"` (or `"$4:props:items"`, `"$@4"`) refers to row 4, `"$$…"` is a string starting
 * with '$', other `"$…"` strings are React's own markers (left as written).
 *
 * The records a listing needs are the props of client components (`["$", "$L1f", null, props]`):
 * every such props object, references resolved, and the objects directly under it, gathered
 * into one list in page order ({@link flightRecords}), read then like any JSON state.
 * Everything is bounded: at most {@link MAX_FLIGHT} characters, {@link MAX_ROWS} rows and
 * {@link MAX_NODES} values walked or built; a reference cycle reads as null.
 */
import type { HTMLElement } from 'node-html-parser';

const MAX_FLIGHT = 4_000_000;
const MAX_ROWS = 50_000;
const MAX_NODES = 200_000;
const MAX_DEPTH = 60;
/** Most records gathered. */
const MAX_RECORDS = 5_000;

/** Whether a script pushes flight data. */
export function isFlightScript(text: string): boolean {
  return text.includes('__next_f');
}

/** The flight text of a page's scripts: the strings of `__next_f.push([1, "…"])`, in order (empty when none). */
export function flightText(scripts: readonly HTMLElement[]): string {
  let out = '';
  const push = /__next_f\s{0,5}\.\s{0,5}push\s{0,5}\(\s{0,5}\[\s{0,5}1\s{0,5},\s{0,5}"/g;
  for (const script of scripts) {
    const text = script.rawText;
    if (!isFlightScript(text)) continue;
    push.lastIndex = 0;
    for (let m = push.exec(text); m !== null; m = push.exec(text)) {
      const start = m.index + m[0].length - 1;
      const end = stringEnd(text, start);
      if (end === -1) break;
      try {
        const value: unknown = JSON.parse(text.slice(start, end + 1));
        if (typeof value === 'string') out += value;
      } catch {
        // Not a JSON string: not Next's writing.
      }
      if (out.length > MAX_FLIGHT) return out.slice(0, MAX_FLIGHT);
      push.lastIndex = end + 1;
    }
  }
  return out;
}

/** The index of the '"' closing the JSON string opened at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34) return i;
  }
  return -1;
}

/** The rows of a flight text: JSON rows parsed, text rows as strings, by id. */
export function flightRows(text: string): Map<string, unknown> {
  const rows = new Map<string, unknown>();
  const head = /([0-9a-f]{1,8}):([A-Z]{0,3})/y;
  let i = 0;
  while (i < text.length && rows.size < MAX_ROWS) {
    head.lastIndex = i;
    const m = head.exec(text);
    if (!m) {
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? text.length : nl + 1;
      continue;
    }
    const [, id, tag] = m;
    i = head.lastIndex;
    if (tag === 'T') {
      // `T<hex byte length>,<text>`: the text runs for that many UTF-8 bytes, no newline after it.
      const comma = text.indexOf(',', i);
      const bytes = comma === -1 || comma - i > 8 ? NaN : parseInt(text.slice(i, comma), 16);
      if (!Number.isFinite(bytes)) break;
      const end = utf8End(text, comma + 1, bytes);
      rows.set(id, text.slice(comma + 1, end));
      i = end;
      continue;
    }
    const nl = text.indexOf('\n', i);
    const end = nl === -1 ? text.length : nl;
    if (tag === '') {
      try {
        rows.set(id, JSON.parse(text.slice(i, end)));
      } catch {
        // A row of another kind: skipped.
      }
    }
    i = end + 1;
  }
  return rows;
}

/** The index where `bytes` UTF-8 bytes of `text` from `start` end. */
function utf8End(text: string, start: number, bytes: number): number {
  let i = start;
  let n = 0;
  while (i < text.length && n < bytes) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
    i++;
  }
  return i;
}

type Json = Record<string, unknown>;

function isJson(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The records of a flight text: the props of its client components (references resolved) and
 * the objects directly under each, in order; empty when the text holds no client component.
 */
export function flightRecords(text: string): Json[] {
  const rows = flightRows(text);
  let nodes = 0;
  const done = new Map<string, unknown>();
  const busy = new Set<string>();
  const resolve = (v: unknown, depth: number): unknown => {
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) return null;
    if (typeof v === 'string') return v.startsWith('$') ? reference(v, depth) : v;
    if (Array.isArray(v)) return v.map((x) => resolve(x, depth + 1));
    if (isJson(v)) {
      const out: Json = {};
      for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: resolve(x, depth + 1), enumerable: true, writable: true, configurable: true });
      return out;
    }
    return v;
  };
  const reference = (s: string, depth: number): unknown => {
    if (s.startsWith('$$')) return s.slice(1);
    if (s === '$undefined') return null;
    const m = /^\$@?([0-9a-f]{1,8})((?::[^:]{1,100}){0,20})$/.exec(s.length > 2100 ? '' : s);
    if (!m || !rows.has(m[1])) return s;
    const id = m[1];
    if (busy.has(id)) return null;
    let value: unknown;
    if (done.has(id)) value = done.get(id);
    else {
      busy.add(id);
      value = resolve(rows.get(id), depth + 1);
      busy.delete(id);
      done.set(id, value);
    }
    for (const key of m[2] ? m[2].slice(1).split(':') : []) value = isJson(value) || Array.isArray(value) ? (value as Json)[key] : undefined;
    return value ?? null;
  };
  const records: Json[] = [];
  let walked = 0;
  for (const row of rows.values()) {
    const stack: unknown[] = [row];
    while (stack.length > 0 && walked < MAX_NODES && records.length < MAX_RECORDS) {
      const v = stack.pop();
      walked++;
      if (Array.isArray(v)) {
        // A client component's element: its props are data the page was given.
        if (v.length === 4 && v[0] === '$' && typeof v[1] === 'string' && v[1].startsWith('$') && isJson(v[3])) {
          const props = resolve(v[3], 0);
          if (isJson(props)) {
            records.push(props);
            for (const x of Object.values(props)) if (isJson(x)) records.push(x);
          }
        }
        for (let k = v.length - 1; k >= 0; k--) stack.push(v[k]);
      } else if (isJson(v)) {
        const values = Object.values(v);
        for (let k = values.length - 1; k >= 0; k--) stack.push(values[k]);
      }
    }
  }
  return records;
}
