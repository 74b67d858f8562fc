import crypto from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Knex } from 'knex';
import { AppError } from '../platform/errors';
import type { PlanRow } from './accountRepository';
import * as keys from './apiKeyRepository';
import type { PrincipalCache } from './principalCache';
import type { ApiKey, ApiKeyCreated, ApiKeyPage, Mode } from '../platform/types';

export const TOKEN_ISSUER = 'prospecting-api';
/** A UUID, any version, either case. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;

/**
 * What a test key's secret starts with (README, Test mode). A live key is a bare JWT, as every
 * key issued before test mode was, so those keys and the clients that read keys as JWTs keep
 * working. The prefix is a label only: the key's row holds its mode, and a secret whose prefix
 * does not match its row's mode (a test key stripped of its prefix) is refused.
 */
export const TEST_KEY_PREFIX = 'pk_test_';

/** The mode a secret announces by its prefix, and the JWT after it. */
export function splitSecret(secret: string): { mode: Mode; token: string } {
  return secret.startsWith(TEST_KEY_PREFIX) ? { mode: 'test', token: secret.slice(TEST_KEY_PREFIX.length) } : { mode: 'live', token: secret };
}

/** Who is calling: established by a valid, unrevoked API key. */
export interface Principal {
  accountId: string;
  keyId: string;
  plan: PlanRow;
  /** `test` for a test key: free extractions from the sample directory (README, Test mode). */
  mode: Mode;
}

export function toApiKey(row: keys.ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at ? row.expires_at.toISOString() : null,
    revoked_at: row.revoked_at ? row.revoked_at.toISOString() : null,
    // Only a test key says its mode: a live key reads as it did before test mode.
    ...(row.mode === 'test' ? { mode: row.mode } : {}),
  };
}

export class ApiKeyService {
  /** The secret as a KeyObject once: jsonwebtoken would otherwise rebuild it on every call. */
  private readonly secret: crypto.KeyObject;

  constructor(
    private readonly db: Knex,
    secret: string,
    /** Keeps the rows read per key while PostgreSQL notifications say they are unchanged. */
    private readonly cache?: PrincipalCache,
  ) {
    this.secret = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** Creates a key row and signs its token (HS256; `sub` the account, `jti` the key id). */
  async issue(
    accountId: string,
    options: { name?: string | null; expiresInDays?: number; mode?: Mode } = {},
    db: Knex = this.db,
  ): Promise<ApiKeyCreated> {
    const id = crypto.randomUUID();
    const now = Date.now();
    const expiresAt = options.expiresInDays ? new Date(now + options.expiresInDays * DAY_MS) : null;
    const row = await keys.insertApiKey(db, {
      id,
      account_id: accountId,
      name: options.name ?? null,
      expires_at: expiresAt,
      mode: options.mode ?? 'live',
    });
    const payload: jwt.JwtPayload = { iat: Math.floor(now / 1000) };
    if (expiresAt) payload.exp = Math.floor(expiresAt.getTime() / 1000);
    const token = jwt.sign(payload, this.secret, {
      algorithm: 'HS256',
      subject: accountId,
      jwtid: id,
      issuer: TOKEN_ISSUER,
    });
    return { ...toApiKey(row), api_key: row.mode === 'test' ? `${TEST_KEY_PREFIX}${token}` : token };
  }

  /**
   * Authenticates a token: the signature must hold (HS256 only, so `alg: none` and other
   * algorithms are refused), the key must exist for that account, be unexpired and unrevoked.
   * The key's row is read from the database, or from the cache of rows that no write has
   * touched since (see PrincipalCache): a revocation made here applies to the next request, one
   * made elsewhere as soon as its notification arrives.
   */
  async authenticate(secret: string): Promise<Principal> {
    const { mode, token } = splitSecret(secret);
    let claims: jwt.JwtPayload;
    try {
      const verified = jwt.verify(token, this.secret, { algorithms: ['HS256'], issuer: TOKEN_ISSUER });
      if (typeof verified === 'string') throw new jwt.JsonWebTokenError('unexpected string payload');
      claims = verified;
    } catch (err) {
      if (err instanceof jwt.TokenExpiredError) {
        throw new AppError('expired_api_key', `The API key expired at ${err.expiredAt.toISOString()}.`);
      }
      throw new AppError('invalid_api_key', 'The API key is malformed or its signature does not hold.');
    }
    if (typeof claims.sub !== 'string' || !UUID.test(claims.sub) || typeof claims.jti !== 'string' || !UUID.test(claims.jti)) {
      throw new AppError('invalid_api_key', 'The API key does not name an account and a key.');
    }
    const row = this.cache?.get(claims.jti) ?? (await this.readPrincipal(claims.jti));
    if (!row || row.account_id !== claims.sub) {
      throw new AppError('invalid_api_key', 'The API key is not known.');
    }
    if (row.mode !== mode) {
      throw new AppError('invalid_api_key', row.mode === 'test' ? 'A test key starts with pk_test_; send it whole.' : 'The API key is not known.');
    }
    if (row.revoked_at) {
      throw new AppError('revoked_api_key', 'The API key has been revoked; use another key.');
    }
    if (row.expires_at && row.expires_at.getTime() <= Date.now()) {
      throw new AppError('expired_api_key', `The API key expired at ${row.expires_at.toISOString()}.`);
    }
    return { accountId: row.account_id, keyId: row.key_id, plan: row.plan, mode: row.mode };
  }

  private async readPrincipal(keyId: string): Promise<keys.KeyPrincipalRow | undefined> {
    if (!this.cache) return keys.findKeyPrincipal(this.db, keyId);
    const generation = this.cache.generation;
    const readAt = Date.now();
    const row = await keys.findKeyPrincipal(this.db, keyId);
    if (row) this.cache.set(keyId, row, generation, readAt);
    return row;
  }

  /** Revokes a key; with an account, only that account's key (with a mode, of that mode). Throws 404 when there is none. */
  async revoke(keyId: string, accountId?: string, mode?: Mode): Promise<ApiKey> {
    const row = await keys.revokeApiKey(this.db, keyId, accountId, mode);
    // Refused from the next request of this process on, before the notification comes back.
    this.cache?.invalidate();
    if (!row) {
      throw new AppError('resource_not_found', `No ${mode === 'test' ? 'test ' : ''}API key ${keyId}${accountId ? ' for this account' : ''}.`);
    }
    return toApiKey(row);
  }

  /** The account's keys, newest first; with a mode, only those of that mode. */
  async list(accountId: string, page: number, perPage: number, mode?: Mode): Promise<ApiKeyPage> {
    const { total, rows } = await keys.listApiKeys(this.db, accountId, { offset: (page - 1) * perPage, limit: perPage }, mode);
    return { total, page, pages: Math.ceil(total / perPage), items: rows.map(toApiKey) };
  }
}
