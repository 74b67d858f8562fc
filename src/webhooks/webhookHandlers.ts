import type { RequestHandler } from 'express';
import { principalOf } from '../accounts';
import type { Schemas } from '../platform/types';
import type { WebhookService } from './webhookService';

type PageQuery = { page?: number; per_page?: number };

export function listWebhookEndpoints(webhooks: WebhookService): RequestHandler {
  return async (req, res) => {
    const { page = 1, per_page = 20 } = req.query as PageQuery;
    res.json(await webhooks.list(principalOf(req).accountId, page, per_page));
  };
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
  return async (req, res) => {
    const { page = 1, per_page = 20 } = req.query as PageQuery;
    res.json(await webhooks.deliveries(principalOf(req).accountId, String(req.params.id), page, per_page));
  };
}
