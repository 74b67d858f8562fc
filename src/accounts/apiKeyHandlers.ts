import type { RequestHandler } from 'express';
import { principalOf } from './auth';
import type { ApiKeyService } from './apiKeyService';
import type { ApiKeyCreate, ListApiKeysQuery } from '../platform/types';

export function listApiKeys(apiKeys: ApiKeyService): RequestHandler {
  return async (req, res) => {
    const { page = 1, per_page = 20 } = req.query as ListApiKeysQuery;
    res.json(await apiKeys.list(principalOf(req).accountId, page, per_page));
  };
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
