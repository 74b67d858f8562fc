import type { RequestHandler } from 'express';
import type { FieldError } from '../errors';

type Json = Record<string, unknown>;

/** What these checks need to know of an operation of the contract. */
interface OperationFacts {
  method: string;
  /** The path template as a pattern, matched exactly (the app's routing is strict and case-sensitive). */
  pattern: RegExp;
  /** Its query parameters of type integer, or array of integers. */
  integerQuery: Set<string>;
  /** Whether its request body is required. */
  bodyRequired: boolean;
}

/** A node of the document, its `$ref`s followed. */
function resolve(doc: Json, node: unknown): Json {
  let current = node as Json;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops++) {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<Json>((obj, key) => obj?.[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, doc);
  }
  return current ?? {};
}

function operationFacts(doc: Json): OperationFacts[] {
  const out: OperationFacts[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    const shared = (item.parameters ?? []) as unknown[];
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const integerQuery = new Set<string>();
      for (const p of [...shared, ...((op.parameters ?? []) as unknown[])].map((x) => resolve(doc, x))) {
        if (p.in !== 'query') continue;
        const schema = resolve(doc, p.schema);
        const type = schema.type === 'array' ? resolve(doc, schema.items).type : schema.type;
        if (type === 'integer') integerQuery.add(String(p.name));
      }
      const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      out.push({ method: method.toUpperCase(), pattern, integerQuery, bodyRequired: resolve(doc, op.requestBody).required === true });
    }
  }
  return out;
}

/** An integer as a query string writes it: digits, an optional minus (leading zeros allowed). */
const DIGITS = /^-?[0-9]+$/;

/**
 * Two checks of the contract that its validator does not make as the contract means them, run
 * before it for the operation the request is routed to (HEAD as its GET):
 *  - integer query parameters are written in digits: the validator coerces values as
 *    JavaScript does, so `page=0x10`, `1e1`, `1.0` or ` 1` would pass as integers;
 *  - a required body is there: a JSON request with an empty body is read as `{}` by the parser,
 *    which a body schema without required fields would accept.
 * Each is a 400 `validation_failed` naming the parameter (the value's index for a repeated
 * one) or `/body`, told with whatever else the contract's validator finds (src/platform/http/problem.ts).
 */
export function contractChecks(doc: Json): RequestHandler {
  const operations = operationFacts(doc);
  return (req, _res, next) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const path = `${req.baseUrl}${req.path}`;
    const op = operations.find((o) => o.method === method && o.pattern.test(path));
    if (!op) return next();
    const errors: FieldError[] = [];
    for (const name of op.integerQuery) {
      const value = (req.query as Record<string, string | string[] | undefined>)[name];
      if (value === undefined) continue;
      const values = Array.isArray(value) ? value : [value];
      values.forEach((v, i) => {
        if (!DIGITS.test(v)) errors.push({ path: Array.isArray(value) ? `/query/${name}/${i}` : `/query/${name}`, message: 'must be an integer written in digits', code: 'type' });
      });
    }
    if (op.bodyRequired && req.body === undefined && req.is('application/json')) {
      errors.push({ path: '/body', message: 'a JSON body is required', code: 'required' });
    }
    if (errors.length > 0) (req.inputErrors ??= []).push(...errors);
    next();
  };
}
