import type { RequestHandler } from 'express';
import { controlCharacterMessage, findControlCharacter } from '../text';
import { MAX_FIELD_ERRORS, validationError, type FieldError } from '../errors';

/** Most fields named in one answer (as validationError): a body of 100,000 bad strings gets a short problem. */
const MAX_REPORTED = MAX_FIELD_ERRORS;

/** A JSON pointer segment (RFC 6901). */
const segment = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Every string of a parsed query or body with a control character (see
 * {@link findControlCharacter}), as a field error with its JSON pointer: `/query/query`,
 * `/query/secteurs/1`, `/body/entreprise_ids/3`; a property name with one is named by its
 * object's pointer. One iterative walk, whatever the depth.
 */
export function controlCharacterErrors(value: unknown, root: string): FieldError[] {
  const errors: FieldError[] = [];
  const stack: { value: unknown; pointer: string }[] = [{ value, pointer: root }];
  while (stack.length > 0 && errors.length < MAX_REPORTED) {
    const { value: v, pointer } = stack.pop()!;
    if (typeof v === 'string') {
      const found = findControlCharacter(v);
      if (found) errors.push({ path: pointer, message: controlCharacterMessage(found), code: 'pattern' });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], pointer: `${pointer}/${i}` });
    } else if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v);
      for (const [name] of entries) {
        const found = findControlCharacter(name);
        if (found) {
          errors.push({ path: pointer, message: `property names ${controlCharacterMessage(found)}`, code: 'pattern' });
          break;
        }
      }
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], pointer: `${pointer}/${segment(entries[i][0])}` });
    }
  }
  return errors;
}

/**
 * Refuses NUL and the other C0 control characters (tab and line breaks aside) anywhere in the
 * query or the JSON body, with a 400 naming each field: one check for every operation, before
 * the contract's (whose `pattern` on every free-text field says the same), so that no such
 * character reaches a query, a search or PostgreSQL (which refuses NUL in text). The fields
 * are told with whatever else the contract's validator finds wrong (src/platform/http/problem.ts).
 */
export const refuseControlCharacters: RequestHandler = (req, _res, next) => {
  const errors = [...controlCharacterErrors(req.query, '/query'), ...controlCharacterErrors(req.body, '/body')];
  if (errors.length > 0) (req.inputErrors ??= []).push(...errors.slice(0, MAX_REPORTED));
  next();
};

/**
 * Most values (objects, arrays, strings, numbers ...) a JSON body may hold. The largest body
 * the contract allows is a bulk add of 1,000 company ids; a body of 60,000 fields, each
 * refused by the contract anyway, would keep the validator busy for most of a second.
 */
export const MAX_BODY_VALUES = 5000;

/** Refuses a JSON body of more than {@link MAX_BODY_VALUES} values (400 at `/body`), counting no further than that. */
export const refuseHugeBodies: RequestHandler = (req, _res, next) => {
  if (typeof req.body !== 'object' || req.body === null) return next();
  let seen = 0;
  const stack: unknown[] = [req.body];
  while (stack.length > 0) {
    const v = stack.pop();
    if (++seen > MAX_BODY_VALUES) {
      throw validationError([{ path: '/body', message: `holds more than ${MAX_BODY_VALUES} values (fields, items); no request of this API needs that many`, code: 'maxProperties' }]);
    }
    if (Array.isArray(v)) for (const item of v) stack.push(item);
    else if (typeof v === 'object' && v !== null) for (const key in v) stack.push((v as Record<string, unknown>)[key]);
  }
  next();
};
