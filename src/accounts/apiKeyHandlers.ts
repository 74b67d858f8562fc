import type { RequestHandler } from 'express';
import { accountPage, principalOf } from './auth';
import type { ApiKeyService } from './apiKeyService';
import type { ApiKeyCreate } from '../platform/types';

export function listApiKeys(apiKeys: ApiKeyService): RequestHandler {
  return accountPage((accountId, page, perPage) => apiKeys.list(accountId, page, perPage));
}

export function createApiKey(apiKeys: ApiKeyService): RequestHandler {
  return async (req, res) => {
    const body = req.body as ApiKeyCreate;
    const created = await apiKeys.issue(principalOf(req).accountId, {
      name: body.name,
      expiresInDays: body.expires_in_days,
    });
    res.status(201).json(created);
  };
}

export function revokeApiKey(apiKeys: ApiKeyService): RequestHandler {
  return async (req, res) => {
    res.json(await apiKeys.revoke(String(req.params.key_id), principalOf(req).accountId));
  };
}
