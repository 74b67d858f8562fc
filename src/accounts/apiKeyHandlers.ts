import type { RequestHandler } from 'express';
import { accountPage, principalOf } from './auth';
import type { ApiKeyService } from './apiKeyService';
import { validationError } from '../platform/errors';
import type { ApiKeyCreate } from '../platform/types';

export function listApiKeys(apiKeys: ApiKeyService): RequestHandler {
  // A test key sees the test keys only; a live key sees them all.
  return accountPage((accountId, page, perPage, req) => apiKeys.list(accountId, page, perPage, principalOf(req).mode === 'test' ? 'test' : undefined));
}

export function createApiKey(apiKeys: ApiKeyService): RequestHandler {
  return async (req, res) => {
    const body = req.body as ApiKeyCreate;
    const principal = principalOf(req);
    // Default: the caller's mode. A test key cannot make a live key (it could then spend credits).
    const mode = body.mode ?? principal.mode;
    if (principal.mode === 'test' && mode !== 'test') {
      throw validationError([{ path: '/body/mode', message: 'a test key creates test keys only; create live keys with a live key' }]);
    }
    const created = await apiKeys.issue(principal.accountId, {
      name: body.name,
      expiresInDays: body.expires_in_days,
      mode,
    });
    res.status(201).json(created);
  };
}

export function revokeApiKey(apiKeys: ApiKeyService): RequestHandler {
  return async (req, res) => {
    const principal = principalOf(req);
    res.json(await apiKeys.revoke(String(req.params.key_id), principal.accountId, principal.mode === 'test' ? 'test' : undefined));
  };
}
