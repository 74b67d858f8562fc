/**
 * Requests generated from openapi/v1.yaml for property-based tests (fast-check): for each
 * operation, valid requests drawn from its parameters' and body's schemas, and hostile ones
 * (wrong types, values out of range, control characters, odd Unicode, huge strings and
 * numbers, missing and unknown fields, bracket syntax, broken JSON, other media types, bad
 * percent-encoding, forged or missing keys).
 *
 * Whether the spec accepts a request is not taken from how it was generated: an oracle reads
 * the request as the API does (query parsed and coerced as express-openapi-validator coerces
 * parameters, path segments decoded, body parsed as JSON) and checks it against the spec's
 * schemas with ajv. So a "hostile" value the spec happens to accept counts as valid, and the
 * tests assert what the spec says, not what the generator meant.
 */
import fc from 'fast-check';
import { NAME_PATTERN, TEXT_PATTERN } from '../../src/platform/http/textPatterns';
import { deref, validateAgainst, type Json, type Operation } from './spec';


/** What a request's path parameter is: the run's own fixture, a given value, or raw (already encoded) text. */
export type PathValue = { kind: 'fixture' } | { kind: 'value'; value: string } | { kind: 'raw'; raw: string };

/** Who calls: the run's valid key, or one of the ways a key is missing or wrong. */
export type AuthKind = 'valid' | 'none' | 'empty' | 'malformed' | 'forged' | 'basic' | 'revoked';

export interface FuzzRequest {
  pathValues: Record<string, PathValue>;
  /** Query pairs, already encoded (`name=value`), in order. */
  query: string[];
  idempotencyKey?: string;
  auth: AuthKind;
  /** The body as sent: its media type and raw text; none when absent. */
  body?: { contentType: string; text: string };
}

/** Run-time values a request is resolved with: fixtures (fresh per run) and pools of known ids. */
export interface Pools {
  /** uuid-format body properties named here draw from these known ids now and then. */
  ids: Record<string, string[]>;
  /** Other strings named here (parameters, properties, their items) draw from these known values now and then. */
  strings?: Record<string, string[]>;
}

const SAMPLE_LIMIT = 12;

/**
 * encodeURIComponent, but for lone surrogates too (which it refuses): they are sent as the
 * bytes a careless client would send (their WTF-8 encoding), which are not valid UTF-8.
 */
export function encodeComponent(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[^\uD800-\uDFFF]+|[\uD800-\uDBFF][\uDC00-\uDFFF]/g, (part) => {
    if (part.length === 1 && part.charCodeAt(0) >= 0xd800 && part.charCodeAt(0) <= 0xdfff) {
      const c = part.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
    return encodeURIComponent(part);
  });
}

// ---------------------------------------------------------------------------------------------
// Hostile values

/** Strings that break things: empty, spaces, controls, bidi and zero-width marks, lone surrogates, injections, long runs. */
export const HOSTILE_STRINGS: string[] = [
  '', ' ', '  \t ', '\u0000', 'a\u0000b', '\u0001', '\u0007bell', '\u001b[31mred', '\u007f', '\u0085', '\u2028', '\u202Eevil\u202C',
  '\u200B', '\uFEFF', '\uD800', 'a\uDFFFb', '😀', '👩‍👩‍👧‍👦', 'e\u0301\u0301\u0301', 'ﷺ', 'الجزائر', '★★★', '!!!', 'null', 'true', '0',
  '-1', '1e400', "'; drop table companies; --", '<script>alert(1)</script>', '=HYPERLINK("http://x")', '../../etc/passwd', '%00', '%', '{}', '[]',
  'x'.repeat(201), 'é'.repeat(201), 'a'.repeat(2001), ' '.repeat(300), 'urn:uuid:3f0b8a4e-2c1d-4e5f-9a6b-7c8d9e0f1a2b',
  '3F0B8A4E-2C1D-4E5F-9A6B-7C8D9E0F1A2B', '{3f0b8a4e-2c1d-4e5f-9a6b-7c8d9e0f1a2b}', '3f0b8a4e2c1d4e5f9a6b7c8d9e0f1a2b',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
];

/** Numbers that break things: negatives, fractions, beyond 32 and 53 bits, the largest double, minus zero. */
export const HOSTILE_NUMBERS: number[] = [-1, 0, 1.5, -0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 53), Number.MAX_VALUE, 1e21, -0, 101, 1001, 100001];

/** Ways to write (or nearly write) a uuid: PostgreSQL reads some, the contract's format only the first. */
export function uuidVariants(id: string): string[] {
  return [id.toUpperCase(), `urn:uuid:${id}`, `{${id}}`, id.replace(/-/g, ''), ` ${id}`, `${id} `, `${id}0`, id.slice(0, -1), '00000000-0000-0000-0000-000000000000'];
}

/** Integers written otherwise than in digits: JavaScript reads them as numbers, the contract does not. */
const INTEGER_SPELLINGS = ['0x10', '1e1', '1.0', ' 1', '1 ', '+1', 'Infinity', '-0', '0b1', '1_000', '٣', '99999999999999999999'];

/** Raw query and path text a client may send, percent-encoding broken or not. */
const RAW_SEGMENTS = ['%E0%A4%A', '%', '%ZZ', '%00', '%2F', '%2e%2e', '%C0%AF', 'a%20b', 'x'.repeat(3000), '%F0%9F%98%80', '+'];

/** Body strings too large for a URL: 100,000 characters, 2,001 accented letters (over every maxLength). */
const LARGE_STRINGS = ['a'.repeat(100_000), 'é'.repeat(2001), '😀'.repeat(2001)];

function hostileJsonValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS, ...LARGE_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': '' }, { __proto__: 1 }, ['a', 'a']) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

// ---------------------------------------------------------------------------------------------
// Valid values from schemas

/** Code points, as JSON Schema counts string lengths. */
const codePoints = (s: string) => [...s].length;

/** Free text within the contract's pattern: ASCII, any code point, graphemes, odd Unicode. */
function textArbitrary(min: number, max: number): fc.Arbitrary<string> {
  const cap = Math.min(max, 60);
  const units = fc.oneof(
    fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: cap }),
    fc.string({ unit: 'binary', minLength: min, maxLength: cap }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: cap }),
    fc.constantFrom('Numidia Bâtiment', 'BTP', 'Alger', 'ligne 1\nligne 2\r\n\tfin', '\u202Eevil', '\u200B', '😀 Numidia', 'الجزائر', "l'Étoile", ' ', 'a'.repeat(max)),
  );
  return units
    .map((s) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, ''))
    .filter((s) => codePoints(s) >= min && codePoints(s) <= max);
}

/** A valid value of a schema (bounded in size), with pools of known ids for some named properties. */
export function validValue(schemaNode: Json, pools: Pools, name = ''): fc.Arbitrary<unknown> {
  const schema = deref(schemaNode);
  if (schema.allOf) return validValue(mergeAllOf(schema), pools, name);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  const types = ([] as string[]).concat(schema.type ?? []);
  if (types.length > 1) return fc.oneof(...types.map((t) => validValue({ ...schema, type: t }, pools, name)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
    case 'string':
      return stringValue(schema, pools, name);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? SAMPLE_LIMIT, Math.max(min, SAMPLE_LIMIT));
      const items = validValue(schema.items ?? {}, pools, name);
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength: min, maxLength: max, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength: min, maxLength: max });
    }
    case 'object': {
      const props = Object.entries<Json>(schema.properties ?? {});
      const model = Object.fromEntries(props.map(([k, v]) => [k, validValue(v, pools, k)]));
      const record = fc.record(model, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Record<string, unknown>>;
      return schema.minProperties ? record.filter((o) => Object.keys(o).length >= schema.minProperties) : record;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringValue(schema: Json, pools: Pools, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 300;
  if (schema.format === 'uuid') {
    const pool = pools.ids[name];
    return pool && pool.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: fc.uuid() }) : fc.uuid();
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'uri') return fc.webUrl();
  const examples = [schema.example, ...(schema.examples ?? []), ...(pools.strings?.[name] ?? [])].filter(
    (e): e is string => typeof e === 'string' && codePoints(e) >= min && codePoints(e) <= max,
  );
  let base: fc.Arbitrary<string>;
  if (!schema.pattern || schema.pattern === TEXT_PATTERN) base = textArbitrary(min, max);
  else if (schema.pattern === NAME_PATTERN) base = textArbitrary(min, max).filter((s) => new RegExp(NAME_PATTERN, 'u').test(s));
  else base = fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((s) => codePoints(s) >= min && codePoints(s) <= max);
  return examples.length > 0 ? fc.oneof({ weight: 1, arbitrary: base }, { weight: 1, arbitrary: fc.constantFrom(...examples) }) : base;
}

function mergeAllOf(schema: Json): Json {
  const parts = (schema.allOf as Json[]).map((p) => deref(p));
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
    required: parts.flatMap((p) => p.required ?? []),
  };
}

// ---------------------------------------------------------------------------------------------
// Mutations of valid bodies

/** A body value with one change that may break the contract: a field dropped, added or replaced by something hostile. */
function mutate(value: unknown, schemaNode: Json): fc.Arbitrary<unknown> {
  const schema = deref(schemaNode);
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  const keys = isObject ? Object.keys(value as object) : [];
  const declared = Object.keys(schema.properties ?? {});
  const choices: fc.Arbitrary<unknown>[] = [hostileJsonValue()];
  if (isObject) {
    const obj = value as Record<string, unknown>;
    if (keys.length > 0) {
      choices.push(fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(obj).filter(([key]) => key !== k))));
      choices.push(fc.tuple(fc.constantFrom(...keys), hostileJsonValue()).map(([k, v]) => ({ ...obj, [k]: v })));
    }
    if (declared.length > 0) {
      choices.push(fc.tuple(fc.constantFrom(...declared), hostileJsonValue()).map(([k, v]) => ({ ...obj, [k]: v })));
      choices.push(
        fc.constantFrom(...declared).chain((k) => {
          const prop = deref(schema.properties[k]);
          const tooLong = prop.maxLength !== undefined ? ['x'.repeat(prop.maxLength + 1), 'é'.repeat(prop.maxLength + 1)] : [];
          const tooMany = prop.maxItems !== undefined ? [Array.from({ length: prop.maxItems + 1 }, (_, i) => `3f0b8a4e-2c1d-4e5f-9a6b-${String(i).padStart(12, '0')}`)] : [];
          const beyond = [prop.minimum !== undefined ? prop.minimum - 1 : -1, prop.maximum !== undefined ? prop.maximum + 1 : 2 ** 53 + 2];
          const current = obj[k];
          const ids = typeof current === 'string' && prop.format === 'uuid' ? uuidVariants(current) : [];
          const itemIds = Array.isArray(current) && typeof current[0] === 'string' && deref(prop.items ?? {}).format === 'uuid' ? uuidVariants(current[0]).map((v) => [...current, v]) : [];
          return fc.constantFrom<unknown>(...tooLong, ...tooMany, ...beyond, ...ids, ...itemIds, [], [''], 'a\u0000', '').map((v) => ({ ...obj, [k]: v }));
        }),
      );
    }
    choices.push(fc.tuple(fc.string({ maxLength: 12 }), hostileJsonValue()).map(([k, v]) => ({ ...obj, [k]: v })));
  }
  return fc.oneof(...choices);
}

/** Raw bodies that are not (quite) JSON, or JSON at the edges of what parsers take. */
const RAW_BODIES = [
  '', '{', '{"nom": }', '{"nom": "a",}', "{'nom': 'a'}", 'null', '"text"', '123', '[]', '{"nom": 1e400}', '{"max_results": 1e400}',
  '{"page": 9007199254740993}', '\uFEFF{"nom": "BOM"}', '{"nom": "a", "nom": "b"}', `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"nom": "${'x'.repeat(1024 * 1024)}"}`, '{"nom": "\\ud800"}', '{"nom": "\\u0000"}',
];

// ---------------------------------------------------------------------------------------------
// Requests

/** The values of the named examples of an operation's JSON request body. */
function bodyExamples(op: Operation): unknown[] {
  const body = deref(op.operation.requestBody);
  const media = body.content?.['application/json'];
  return Object.values<Json>(media?.examples ?? {}).map((ex) => deref(ex).value);
}

/** An example value whose uuid properties named in the pools hold ids drawn from them (known companies, tasks). */
function withPooledIds(value: unknown, schemaNode: Json, pools: Pools): fc.Arbitrary<unknown> {
  const schema = deref(schemaNode);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fc.constant(value);
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => {
    const prop = deref(schema.properties?.[k] ?? {});
    const pool = pools.ids[k];
    if (pool && pool.length > 0 && typeof v === 'string' && prop.format === 'uuid') return [k, fc.constantFrom(...pool)] as const;
    if (pool && pool.length > 0 && Array.isArray(v)) return [k, fc.uniqueArray(fc.constantFrom(...pool), { minLength: 1, maxLength: Math.min(pool.length, 20) })] as const;
    return [k, fc.constant(v)] as const;
  });
  return fc.record(Object.fromEntries(entries));
}

function bodySchemaOf(op: Operation): { required: boolean; schema: Json } | undefined {
  if (!op.operation.requestBody) return undefined;
  const body = deref(op.operation.requestBody);
  return { required: body.required === true, schema: body.content['application/json'].schema };
}

/** A query parameter's value, as sent (encoded pairs). */
function queryPairs(param: Json, pools: Pools): fc.Arbitrary<string[]> {
  const schema = deref(param.schema);
  const enc = (v: unknown) => `${encodeURIComponent(param.name)}=${encodeComponent(String(v))}`;
  const valid = validValue(schema, pools, param.name).map((v) => (Array.isArray(v) ? v.map(enc) : [enc(v)]));
  const hostile = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS.map(String)).map((v) => [enc(v)]),
    fc.constantFrom(...INTEGER_SPELLINGS).map((v) => [enc(v)]),
    fc.constantFrom(...RAW_SEGMENTS).map((raw) => [`${encodeURIComponent(param.name)}=${raw}`]),
    valid.map((pairs) => [...pairs, ...pairs]),
    valid.map((pairs) => pairs.map((p) => p.replace('=', '[]='))),
    valid.map((pairs) => pairs.map((p, i) => p.replace('=', `[${i}]=`))),
    fc.constant<string[]>([encodeURIComponent(param.name)]),
  );
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: hostile });
}

/** The arbitrary requests of an operation: mostly well-formed, often hostile somewhere. */
export function requestArbitrary(op: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const idempotency = op.parameters.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
  const body = bodySchemaOf(op);

  const pathValue: fc.Arbitrary<PathValue> = fc.oneof(
    { weight: 6, arbitrary: fc.constant<PathValue>({ kind: 'fixture' }) },
    { weight: 2, arbitrary: fc.uuid().map<PathValue>((value) => ({ kind: 'value', value })) },
    { weight: 2, arbitrary: fc.uuid().chain((id) => fc.constantFrom(...uuidVariants(id))).map<PathValue>((value) => ({ kind: 'value', value })) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s !== '')).map<PathValue>((value) => ({ kind: 'value', value })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map<PathValue>((raw) => ({ kind: 'raw', raw })) },
  );
  const pathValues = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue])) as Record<string, fc.Arbitrary<PathValue>>);

  const extraQuery = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string[]>([]) },
    { weight: 1, arbitrary: fc.constantFrom('verbose=1', '__proto__=1', 'constructor=x', 'page[]=1', 'a[b]=1', '%00=1', '=1', '&&', 'q=%E0%A4%A').map((p) => [p]) },
  );
  const query = fc
    .tuple(fc.tuple(...queryParams.map((p) => fc.option(queryPairs(p, pools), { nil: undefined, freq: 2 }))), extraQuery)
    .map(([pairs, extra]) => [...pairs.flatMap((p) => p ?? []), ...extra]);

  const keyArb: fc.Arbitrary<string | undefined> = idempotency
    ? fc.option(
        fc.oneof(
          { weight: 4, arbitrary: fc.uuid() },
          { weight: 1, arbitrary: fc.constantFrom('same-key-for-every-run', 'with space', 'x'.repeat(256), 'é', '', 'a\tb') },
        ),
        { nil: undefined },
      )
    : fc.constant(undefined);

  let bodyArb: fc.Arbitrary<FuzzRequest['body']> = fc.constant(undefined);
  if (body) {
    const examples = bodyExamples(op);
    const fromSchema = validValue(body.schema, pools);
    // The spec's own examples (the shapes its rules expect), their ids drawn from the pools.
    const valid = examples.length > 0 ? fc.oneof(fromSchema, fc.constantFrom(...examples).chain((e) => withPooledIds(e, body.schema, pools))) : fromSchema;
    const json = fc.oneof(
      { weight: 3, arbitrary: valid },
      { weight: 3, arbitrary: valid.chain((v) => mutate(v, body.schema)) },
      { weight: 1, arbitrary: valid.chain((v) => mutate(v, body.schema)).chain((v) => mutate(v, body.schema)) },
    );
    const contentType = fc.oneof(
      { weight: 12, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/merge-patch+json', 'APPLICATION/JSON') },
    );
    bodyArb = fc.oneof(
      { weight: 10, arbitrary: fc.tuple(contentType, json).map(([ct, v]) => ({ contentType: ct, text: JSON.stringify(v) })) },
      { weight: 2, arbitrary: fc.constantFrom(...RAW_BODIES).map((text) => ({ contentType: 'application/json', text })) },
      { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', text: '' }) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  }

  const auth = fc.oneof(
    { weight: 20, arbitrary: fc.constant<AuthKind>('valid') },
    { weight: 1, arbitrary: fc.constantFrom<AuthKind>('none', 'empty', 'malformed', 'forged', 'basic', 'revoked') },
  );
  return fc.record({ pathValues, query, idempotencyKey: keyArb, auth, body: bodyArb }).map((r) => {
    const out: FuzzRequest = { pathValues: r.pathValues, query: r.query, auth: r.auth };
    if (r.idempotencyKey !== undefined) out.idempotencyKey = r.idempotencyKey;
    if (r.body !== undefined) out.body = r.body;
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// The oracle

/**
 * A parameter string read as the schema's type: an integer is written in digits (the API
 * refuses `0x10`, `1e1`, `1.0`, ` 1`, as the contract's "integer" means), a number as
 * JavaScript reads one, a boolean as `true`/`false`; anything else stays a string (and fails
 * a numeric schema).
 */
function coerce(value: string, schema: Json): unknown {
  const types = ([] as string[]).concat(schema.type ?? []);
  if (types.includes('integer') && /^-?[0-9]+$/.test(value)) return Number(value);
  if (types.includes('number') && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** Why the spec refuses a request (its path segments already decoded); empty when it accepts it. */
export function specRefusals(op: Operation, req: FuzzRequest, path: Record<string, string | undefined>): string[] {
  const refusals: string[] = [];
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    const value = path[p.name];
    if (value === undefined) refusals.push(`path ${p.name}: not decodable`);
    else if (value === '') refusals.push(`path ${p.name}: empty`);
    else if (!validateAgainst(p.schema, coerce(value, deref(p.schema))).valid) refusals.push(`path ${p.name}: ${JSON.stringify(value).slice(0, 60)}`);
  }
  const declared = new Map(op.parameters.filter((x) => x.in === 'query').map((x) => [x.name as string, x]));
  const given = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(req.query.join('&'))) given.set(name, [...(given.get(name) ?? []), value]);
  for (const [name, values] of given) {
    const param = declared.get(name);
    if (!param) {
      refusals.push(`query ${JSON.stringify(name).slice(0, 40)}: not a parameter`);
      continue;
    }
    const schema = deref(param.schema);
    const value = schema.type === 'array' ? values.map((v) => coerce(v, deref(schema.items))) : values.length === 1 ? coerce(values[0], schema) : values;
    if (!validateAgainst(schema, value).valid) refusals.push(`query ${name}: ${JSON.stringify(value).slice(0, 60)}`);
  }
  const idem = op.parameters.find((x) => x.in === 'header' && x.name === 'Idempotency-Key');
  if (idem && req.idempotencyKey !== undefined && !validateAgainst(idem.schema, req.idempotencyKey).valid) refusals.push('header Idempotency-Key');
  const body = bodySchemaOf(op);
  if (body) {
    if (req.body === undefined || req.body.text === '') {
      if (body.required) refusals.push('body: missing');
    } else {
      const mediaType = req.body.contentType.split(';')[0].trim().toLowerCase();
      const charset = /charset=([^;]+)/i.exec(req.body.contentType)?.[1]?.trim().toLowerCase();
      if (mediaType !== 'application/json' || (charset !== undefined && charset !== 'utf-8')) refusals.push(`body: media type ${req.body.contentType}`);
      let parsed: unknown;
      try {
        // RFC 8259 lets a parser ignore a byte order mark (body-parser does).
        parsed = JSON.parse(req.body.text.replace(/^\uFEFF/, ''));
      } catch {
        refusals.push('body: not JSON');
      }
      if (!refusals.some((r) => r.startsWith('body')) && !validateAgainst(body.schema, parsed).valid) refusals.push(`body: ${req.body.text.slice(0, 80)}`);
      if (Buffer.byteLength(req.body.text) > 1024 * 1024) refusals.push('body: over 1 MB');
    }
  }
  return refusals;
}

/** Decodes a path segment as the router does; undefined when it cannot be. */
export function decodeSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
