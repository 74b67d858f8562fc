import type { RequestHandler } from 'express';
import { validationError } from '../errors';

/**
 * Query strings are flat: `name=value` pairs, a name repeated once per value
 * (`wilayas=16&wilayas=31`), `+` and `%20` read as spaces. Nothing else is interpreted: no
 * nested objects and no `name[]` / `name[0]` arrays (see {@link refuseBracketSyntax}), so a
 * parameter is either a string or an array of strings, and a name such as `__proto__` is just
 * an unknown parameter.
 */
export function parseQuery(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    const known = Object.prototype.hasOwnProperty.call(out, name) ? out[name] : undefined;
    const next = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
    Object.defineProperty(out, name, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The name a bracketed parameter stands for: `wilayas[]`, `wilayas[0]`, `query[a]` -> the part before `[`. */
function bracketed(name: string): string | undefined {
  const open = name.search(/[[\]]/);
  return open === -1 ? undefined : name.slice(0, open) || name;
}

/**
 * Refuses PHP/Rails-style bracket syntax (`wilayas[]=16`, `wilayas[0]=16`, `a[b]=1`) with a 400
 * naming the parameter and the form to use instead, rather than reading it as an unknown
 * parameter or guessing what was meant.
 */
export const refuseBracketSyntax: RequestHandler = (req, _res, next) => {
  const names = [...new Set(Object.keys(req.query).map(bracketed).filter((n): n is string => n !== undefined))];
  if (names.length === 0) return next();
  throw validationError(
    names.map((name) => ({
      path: `/query/${name}`,
      message: `bracket syntax (${name}[]=, ${name}[0]=) is not supported: send the parameter once per value (${name}=a&${name}=b)`,
      code: 'bracket_syntax',
    })),
  );
};

/**
 * The page a list operation asks for (`page`, `per_page`: numbers once the validator has
 * coerced them, with the contract's defaults 1 and 20).
 */
export function pageOf(query: unknown): { page: number; perPage: number } {
  const { page = 1, per_page = 20 } = query as { page?: number; per_page?: number };
  return { page, perPage: per_page };
}
