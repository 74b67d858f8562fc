/**
 * More places a page keeps its data in, beside the JSON blocks and literals of items.ts:
 *   - Angular Universal's TransferState written the old way (Angular before 16): the JSON of a
 *     `<script type="application/json">` with `"`, `&`, `'`, `<`, `>` escaped as `&q;`, `&a;`,
 *     `&s;`, `&l;`, `&g;` ({@link unescapeTransferState});
 *   - JSON arrays of records in `data-*` attributes (a map widget's `data-markers='[…]'`,
 *     `data-locations="[…]"`) ({@link dataAttributeJson});
 *   - the records of a Livewire page's repeated components, in their `wire:snapshot` attributes
 *     ({@link livewireRecords});
 *   - typed contact lists inside a record (`contacts: [{type: 'tel', valeur: '…'}]`)
 *     ({@link typedContact}).
 * Everything runs in the page workers, on bounded text, in linear time.
 */
import type { HTMLElement } from 'node-html-parser';
import { normalizePhone } from '../platform/contacts';

/** Longest attribute value parsed as JSON (a map's markers for a few hundred places). */
const MAX_ATTRIBUTE_JSON = 1_000_000;
/** Most attribute values parsed per page. */
const MAX_ATTRIBUTE_VALUES = 50;

const TRANSFER_STATE_ESCAPES: Record<string, string> = { q: '"', a: '&', s: "'", l: '<', g: '>' };

/** Whether a script's text looks like an escaped TransferState: it opens on `{&q;` (spaces aside). */
export function isEscapedTransferState(text: string): boolean {
  return /^\s{0,40}\{\s{0,40}&q;/.test(text.slice(0, 100));
}

/**
 * Angular's old TransferState text unescaped (one pass, so an escaped '&' followed by 'q;' is
 * read back as written).
 */
export function unescapeTransferState(text: string): string {
  return text.replace(/&([qasgl]);/g, (_, c: string) => TRANSFER_STATE_ESCAPES[c]);
}

/** Attributes never holding records (the page's own props, read by items.ts, and styling). */
const NOT_DATA = new Set(['data-props', 'data-react-props', 'data-vue-props']);

/**
 * The JSON values held by `data-*` attributes of the page's elements whose value is a JSON array
 * (of records: a map's markers, a widget's entries) or an object holding one, entities decoded
 * by the parser. Bounded: at most {@link MAX_ATTRIBUTE_VALUES} values of at most
 * {@link MAX_ATTRIBUTE_JSON} characters.
 */
export function dataAttributeJson(elements: readonly HTMLElement[]): unknown[] {
  const out: unknown[] = [];
  for (const el of elements) {
    // Cheap test on the raw attributes first: a data-* attribute whose value opens a JSON array or object.
    const raw = el.rawAttrs;
    if (raw.length < 20 || !raw.includes('data-') || !/data-[\w-]{1,60}\s{0,5}=\s{0,5}["']\s{0,20}(?:\[|\{|&#91;|&#x5b;|&lbrack;|&#123;|&lbrace;)/i.test(raw)) continue;
    for (const [name, value] of Object.entries(el.attributes)) {
      if (!name.startsWith('data-') || NOT_DATA.has(name) || value.length < 20 || value.length > MAX_ATTRIBUTE_JSON) continue;
      const start = value.trimStart()[0];
      if (start !== '[' && start !== '{') continue;
      try {
        const parsed: unknown = JSON.parse(value);
        if (typeof parsed === 'object' && parsed !== null) out.push(parsed);
      } catch {
        // Not JSON: an attribute of some other syntax.
      }
      if (out.length >= MAX_ATTRIBUTE_VALUES) return out;
    }
  }
  return out;
}

/** Most Livewire components whose snapshot is read per page, and the longest snapshot read. */
const MAX_LIVEWIRE_COMPONENTS = 500;
const MAX_LIVEWIRE_SNAPSHOT = 50_000;
/** Deepest level of a Livewire snapshot's data unwrapped ({@link livewireValue}). */
const MAX_LIVEWIRE_DEPTH = 8;

/**
 * The records of a Laravel Livewire 3 page's repeated components: each component's element
 * carries its public properties in its `wire:snapshot` attribute (`{"data": {…}, "memo": {"name":
 * "…", "id": "…"}, "checksum": "…"}`, the JSON entity-escaped in the attribute), so a list rendered
 * as one nested component per card (`<livewire:carte :item="$x" />`) holds each card's whole
 * record there, numbers its template shows only on a click (`wire:click="$toggle('showPhone')"`)
 * included. The `data` of the components of one name, two or more, as one array per name: a
 * list's records, joined to the page's cards by name as `data-*` records are. A property Livewire
 * dehydrates as a tuple (`[value, {"s": "arr"}]`: arrays, collections, models) is read as its value.
 */
export function livewireRecords(elements: readonly HTMLElement[]): unknown[] {
  const byName = new Map<string, unknown[]>();
  let seen = 0;
  for (const el of elements) {
    const raw = el.rawAttrs;
    if (raw.length < 30 || !raw.includes('wire:snapshot')) continue;
    if (++seen > MAX_LIVEWIRE_COMPONENTS) break;
    const value = el.getAttribute('wire:snapshot');
    if (!value || value.length > MAX_LIVEWIRE_SNAPSHOT) continue;
    let snapshot: unknown;
    try {
      snapshot = JSON.parse(value);
    } catch {
      continue;
    }
    if (typeof snapshot !== 'object' || snapshot === null) continue;
    const { data, memo } = snapshot as { data?: unknown; memo?: { name?: unknown } };
    if (typeof data !== 'object' || data === null || Array.isArray(data) || typeof memo?.name !== 'string') continue;
    const list = byName.get(memo.name) ?? [];
    list.push(livewireValue(data, 0));
    byName.set(memo.name, list);
  }
  return [...byName.values()].filter((list) => list.length >= 2);
}

/** A Livewire snapshot's value with its dehydrated tuples (`[value, {s: 'arr'}]`) read as their values; bounded in depth. */
function livewireValue(v: unknown, depth: number): unknown {
  if (depth > MAX_LIVEWIRE_DEPTH || typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const meta = v.length === 2 ? v[1] : undefined;
    if (typeof meta === 'object' && meta !== null && !Array.isArray(meta) && typeof (meta as { s?: unknown }).s === 'string') return livewireValue(v[0], depth + 1);
    return v.map((x) => livewireValue(x, depth + 1));
  }
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, livewireValue(x, depth + 1)]));
}

/** Keys of a typed contact's kind and of its value (folded: lower case, letters and digits only). */
const TYPE_KEYS = ['type', 'kind', 'label', 'libelle', 'channel', 'canal', 'nature', 'categorie', 'category', 'typecontact', 'contacttype', 'moyen', 'media', 'medium'];
const VALUE_KEYS = ['value', 'valeur', 'val', 'number', 'numero', 'num', 'contact', 'data', 'donnee', 'detail', 'coordonnee', 'text', 'texte', 'content', 'contenu', 'info', 'uri', 'href'];

function foldKey(key: string): string {
  return key.toLowerCase().normalize('NFD').replace(/[^a-z0-9]/g, '');
}

/** What a contact's kind says it is (folded, accents removed). */
const FAX_KIND = /fax|telecopi|فاكس/u;
const EMAIL_KIND = /mail|courriel|البريد/u;
const PHONE_KIND = /tel|phone|mobile|gsm|portable|fixe|cell|whatsapp|viber|numero|standard|hatif|هاتف|جوال/u;

/**
 * A typed contact ({type|kind|label|channel|nature…: 'tel' / 'Téléphone fixe' / 'mobile' /
 * 'fax' / 'email' …, value|valeur|val|number|numero…: '…'}) read as a phone, a fax or an
 * e-mail; undefined when the object is not one (no kind and value keys, or a kind that is not a
 * contact, a website or an address). A kind that says nothing known gives an e-mail when the
 * value holds '@', a phone when the value is one whole number ('urgences', 'SAMU', 'Accueil').
 */
export function typedContact(obj: Record<string, unknown>): { kind: 'phone' | 'fax' | 'email'; value: string } | undefined {
  const keys = Object.keys(obj);
  if (keys.length < 2 || keys.length > 12) return undefined;
  let kind: string | undefined;
  let value: string | undefined;
  for (const k of keys) {
    const key = foldKey(k);
    const v = obj[k];
    if (kind === undefined && TYPE_KEYS.includes(key) && typeof v === 'string') kind = v;
    else if (value === undefined && VALUE_KEYS.includes(key) && (typeof v === 'string' || typeof v === 'number')) value = String(v);
  }
  if (kind === undefined || value === undefined || value.trim() === '' || kind.length > 60) return undefined;
  const k = kind.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (FAX_KIND.test(k)) return { kind: 'fax', value };
  if (EMAIL_KIND.test(k)) return { kind: 'email', value };
  if (/web|site|url|http|facebook|instagram|linkedin|adresse|address/.test(k)) return undefined;
  if (PHONE_KIND.test(k)) return { kind: 'phone', value };
  if (value.includes('@')) return { kind: 'email', value };
  // A line named by what it serves ('Urgences', 'SAMU', 'Rendez-vous', 'Accueil'): a phone when
  // its value is one whole number, never an identifier's (RC, NIF, RIB …).
  return !ID_KIND.test(k) && WHOLE_NUMBER.test(value) && normalizePhone(value) !== undefined ? { kind: 'phone', value } : undefined;
}
/** Kinds of a company's identifiers, whose values are digits but no number to call. */
const ID_KIND = /\b(?:rc|nif|nis|ai|rib|ccp|iban|siret|siren|matricule|code|id|article|agrement|registre|cnas|casnos|postal)\b/;
/** A value written as one number only: digits and a number's separators (bounded). */
const WHOLE_NUMBER = /^[+\d][\d\s().\-/]{5,24}$/;
