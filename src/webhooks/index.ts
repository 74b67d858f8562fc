/**
 * Webhooks: an account's endpoints, the events written for them (scraping.task.completed,
 * scraping.task.failed, credits.balance_low) and the dispatcher that delivers them, signed by
 * the Standard Webhooks scheme, as jobs of the process's job queue. Other modules use only what
 * this file exports.
 */
export { WebhookService, MAX_ENDPOINTS, type WebhookEventType, type WebhookServiceOptions } from './webhookService';
export { WebhookDispatcher, RETRY_SCHEDULE_MS, type DispatcherOptions } from './dispatcher';
export { DeliveryQueue, WEBHOOK_QUEUE, deliveryJobId, type DeliveryQueueOptions } from './deliveryQueue';
export { isPublicAddress, refusalOf } from './addressGuard';
export { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookDeliveries, listWebhookEndpoints } from './webhookHandlers';
