import type { RequestHandler } from 'express';
import { accountPage, principalOf } from '../accounts';
import type { Schemas } from '../platform/types';
import type { WebhookService } from './webhookService';

export function listWebhookEndpoints(webhooks: WebhookService): RequestHandler {
  return accountPage((accountId, page, perPage) => webhooks.list(accountId, page, perPage));
}

export function createWebhookEndpoint(webhooks: WebhookService): RequestHandler {
  return async (req, res) => {
    res.status(201).json(await webhooks.create(principalOf(req).accountId, req.body as Schemas['WebhookEndpointCreate']));
  };
}

export function deleteWebhookEndpoint(webhooks: WebhookService): RequestHandler {
  return async (req, res) => {
    await webhooks.remove(principalOf(req).accountId, String(req.params.id));
    res.status(204).end();
  };
}

export function listWebhookDeliveries(webhooks: WebhookService): RequestHandler {
  return accountPage((accountId, page, perPage, req) => webhooks.deliveries(accountId, String(req.params.id), page, perPage));
}
