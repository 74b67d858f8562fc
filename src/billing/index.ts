/**
 * Billing and idempotency: credit changes and their ledger, per-item charges, and the
 * Idempotency-Key store. Other modules use only what this file exports.
 */
export { chargePerItem, type Charge } from './billingService';
export { applyCreditChange, listLedger, listLedgerPage, type LedgerRow } from './creditRepository';
export { IdempotencyService, requestHash, type Answer, type Complete } from './idempotencyService';
