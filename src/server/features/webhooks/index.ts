/** What other features (and the server's start-up) may use of webhooks: a leaf, using no other feature. */
export { queueWebhooks, webhooksOf, createWebhook, updateWebhook, deleteWebhook, redeliver } from './webhooks.repo';
export { checkWebhookUrl, isBlockedAddress } from './url-guard';
export { signBody, httpSender, type Send, type AttemptResult } from './deliver';
export { createWebhookWorker, retryAt, payloadOf, BACKOFF_MS, RETRY_FOR_MS, type WebhookWorker } from './worker';
