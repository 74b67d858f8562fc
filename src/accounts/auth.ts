import type { Request, RequestHandler } from 'express';
import { AppError } from '../platform/errors';
import { pageOf } from '../platform/http/query';
import type { ApiKeyService, Principal } from './apiKeyService';

const REALM = 'Bearer realm="prospecting-api"';

function challenge(error: AppError): string {
  // RFC 6750: no error attribute when no credentials were sent at all.
  if (error.code === 'missing_api_key') return REALM;
  return `${REALM}, error="invalid_token", error_description="${error.title.replace(/"/g, "'")}"`;
}

/** Who is calling, on a route behind {@link authenticate}. */
export function principalOf(req: Request): Principal {
  return req.principal as Principal;
}

/**
 * A handler that answers one page of the calling account's rows (keys, ledger entries, lists,
 * webhook endpoints, ...): `page` and `per_page` read as every paged list reads them.
 */
export function accountPage(read: (accountId: string, page: number, perPage: number, req: Request) => Promise<unknown>): RequestHandler {
  return async (req, res) => {
    const { page, perPage } = pageOf(req.query);
    res.json(await read(principalOf(req).accountId, page, perPage, req));
  };
}

/** Requires a valid API key (`Authorization: Bearer <key>`) and sets req.principal. */
export function authenticate(apiKeys: ApiKeyService): RequestHandler {
  return async (req, _res, next) => {
    try {
      const header = req.get('authorization');
      if (!header || header.trim() === '') {
        throw new AppError('missing_api_key', 'Send your API key as "Authorization: Bearer <api key>".');
      }
      const match = /^Bearer +([A-Za-z0-9_=-]+\.[A-Za-z0-9_=-]*\.[A-Za-z0-9_+/=-]*) *$/i.exec(header);
      if (!match) {
        throw new AppError('invalid_api_key', 'The Authorization header must be "Bearer <api key>".');
      }
      req.principal = await apiKeys.authenticate(match[1]);
      next();
    } catch (err) {
      if (err instanceof AppError && err.status === 401) {
        next(new AppError(err.code, err.detail, { headers: { 'WWW-Authenticate': challenge(err) } }));
      } else {
        next(err);
      }
    }
  };
}
