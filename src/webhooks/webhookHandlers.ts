import type { RequestHandler } from 'express';
import { accountPage, principalOf } from '../accounts';
import type { Schemas } from '../platform/types';
import type { WebhookService } from './webhookService';

/** A test key sees and deletes the test endpoints only; a live key, every endpoint. */
const testOnly = (req: Parameters<RequestHandler>[0]) => (principalOf(req).mode === 'test' ? ('test' as const) : undefined);

export function listWebhookEndpoints(webhooks: WebhookService): RequestHandler {
  return accountPage((accountId, page, perPage, req) => webhooks.list(accountId, page, perPage, testOnly(req)));
}

export function createWebhookEndpoint(webhooks: WebhookService): RequestHandler {
  return async (req, res) => {
    res.status(201).json(await webhooks.create(principalOf(req).accountId, req.body as Schemas['WebhookEndpointCreate'], principalOf(req).mode));
  };
}

export function deleteWebhookEndpoint(webhooks: WebhookService): RequestHandler {
  return async (req, res) => {
    await webhooks.remove(principalOf(req).accountId, String(req.params.id), testOnly(req));
    res.status(204).end();
  };
}

export function listWebhookDeliveries(webhooks: WebhookService): RequestHandler {
  return accountPage((accountId, page, perPage, req) => webhooks.deliveries(accountId, String(req.params.id), page, perPage, testOnly(req)));
}
