/**
 * Accounts and API keys: who calls, with which plan and credits. Other modules use only what
 * this file exports.
 */
export { AccountService, UnknownPlanError } from './accountService';
export { ApiKeyService, TEST_KEY_PREFIX, UUID, type Principal } from './apiKeyService';
export { findAccount, type AccountRow, type PlanRow } from './accountRepository';
export { PrincipalCache, type PrincipalCacheOptions } from './principalCache';
export { loadOrCreateEmbeddedSecret } from './secret';
export { accountPage, authenticate, principalOf } from './auth';
export { getMe } from './accountHandlers';
export { createApiKey, listApiKeys, revokeApiKey } from './apiKeyHandlers';
