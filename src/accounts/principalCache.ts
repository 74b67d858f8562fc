import type { Database } from '../platform/db';
import { PRINCIPALS_CHANNEL } from '../platform/db/migrations/005_principal_notifications';
import type { KeyPrincipalRow } from './apiKeyRepository';

export interface PrincipalCacheOptions {
  /** How long a key's row may be reused at most, in milliseconds; 0 turns the cache off. */
  ttlMs: number;
  /** Keys kept at most (the oldest entry goes first). */
  maxEntries?: number;
}

/**
 * The rows authentication reads (key, account, plan), kept per key so that a request need not
 * ask the database who is calling. Correctness rests on PostgreSQL notifications: every write
 * that could change such a row notifies `principals_changed` when it commits (migration 005),
 * from this process, the CLI or any SQL session, and the whole cache is then forgotten.
 *
 * - The cache is used only while the notification connection is listening; it is emptied and
 *   bypassed (every request reads the database) as soon as that connection is lost.
 * - A row read while a notification arrived is not kept (the generation moved), so a change
 *   committed during the read is never masked.
 * - Changes made through this process (revoking a key) clear it at once, without waiting for
 *   the notification. Changes from elsewhere apply once their notification arrives, normally
 *   within a millisecond of the commit on one machine.
 * - Whatever happens to notifications, a row is reused for `ttlMs` at most (default 5 s, inside
 *   the 10 s a revocation may take).
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { row: KeyPrincipalRow; at: number }>();
  private readonly maxEntries: number;
  private listening = false;
  private subscription?: { close(): Promise<void> };
  private waiters: (() => void)[] = [];
  /** Moves on every notification and every local change. */
  generation = 0;

  constructor(private readonly options: PrincipalCacheOptions) {
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  /** Starts listening; the cache serves nothing until the subscription is live. */
  async start(database: Database): Promise<void> {
    if (this.options.ttlMs <= 0 || this.subscription) return;
    this.subscription = await database.listen(PRINCIPALS_CHANNEL, {
      onNotification: () => this.invalidate(),
      onListening: (listening) => {
        // Whatever was kept may have changed while nobody was listening.
        this.invalidate();
        this.listening = listening;
      },
    });
  }

  async close(): Promise<void> {
    this.listening = false;
    this.invalidate();
    await this.subscription?.close();
    this.subscription = undefined;
  }

  /** Whether rows are being kept: listening (never, with the cache off). */
  get active(): boolean {
    return this.listening;
  }

  get(keyId: string): KeyPrincipalRow | undefined {
    if (!this.active) return undefined;
    const entry = this.entries.get(keyId);
    if (!entry) return undefined;
    if (Date.now() - entry.at >= this.options.ttlMs) {
      this.entries.delete(keyId);
      return undefined;
    }
    return entry.row;
  }

  /** Keeps a row read when the generation was `generation`; dropped if anything changed since. */
  set(keyId: string, row: KeyPrincipalRow, generation: number, readAt: number): void {
    if (!this.active || generation !== this.generation) return;
    this.entries.delete(keyId);
    this.entries.set(keyId, { row, at: readAt });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** Forgets every row (a notification, a local change, a lost connection). */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Resolves at the next invalidation (tests: a notification sent after a change has arrived). */
  nextInvalidation(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
