import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { migrationSource } from './migrations';
import { lockStore, type LockHolder, type StoreLock } from './storeLock';

export type Db = Knex;

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** A streaming replica of databaseUrl for reads (searches); only with databaseUrl. */
  databaseReadUrl?: string;
  /** Directory of the embedded store; undefined keeps it in memory (tests). */
  dataDir?: string;
  /**
   * Who opens the embedded store, as the lock file names it to a process refused meanwhile
   * (`the server (npm start)`, `the CLI (keys create)`). Default: `another process`.
   */
  role?: string;
}

/** What a LISTEN subscription reports: each notification, and whether it is listening now. */
export interface NotificationHandlers {
  onNotification(payload: string): void;
  /** true once listening (again); false when the connection is lost (notifications may be missed). */
  onListening(listening: boolean): void;
}

export interface Database {
  /** The primary: every write, and every read that is not a search. */
  knex: Knex;
  /**
   * Where searches may read: the read replica's pool when one is configured, else the very
   * same object as `knex`. Behind the primary by the replication lag: read it through the
   * read-your-writes fence (src/platform/db/readYourWrites.ts). Never migrated, never written.
   */
  reader: Knex;
  kind: 'postgres' | 'embedded';
  /** Embedded store: the holder of a stale DATA_DIR lock (its process gone) that this one replaced. */
  staleLockFrom?: LockHolder;
  /**
   * LISTENs on a channel. On PostgreSQL a connection of its own, reconnected with backoff after
   * a loss; embedded, PGlite's own listeners (called before the notifying query resolves).
   * Closed by `close()` at the latest.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<{ close(): Promise<void> }>;
  close(): Promise<void>;
}

const quietKnexLog = {
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  deprecate: (method: string, alternative: string) => process.emitWarning(`knex: ${method} is deprecated, use ${alternative}`),
};

// pg returns BIGINT (count(*), bigserial) as strings; these stay well inside 2^53.
let pgTypesSet = false;
function configurePgTypes(): void {
  if (pgTypesSet) return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { types } = require('pg') as typeof import('pg');
  types.setTypeParser(types.builtins.INT8, (v: string) => Number(v));
  pgTypesSet = true;
}

type Listener = Database['listen'];

/** LISTEN on a dedicated PostgreSQL connection, reconnecting (100 ms doubling to 5 s) after a loss. */
function pgListener(connectionString: string): Listener {
  return async (channel, handlers) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Client } = require('pg') as typeof import('pg');
    let closed = false;
    let client: import('pg').Client | undefined;
    let delay = 100;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const c = new Client({ connectionString });
      client = c;
      let lost = false;
      const onLost = () => {
        if (lost) return;
        lost = true;
        handlers.onListening(false);
        c.removeAllListeners('notification');
        c.end().catch(() => undefined);
        if (!closed) retry = setTimeout(() => void connect(), delay);
        delay = Math.min(delay * 2, 5000);
      };
      c.on('error', onLost);
      c.on('end', onLost);
      c.on('notification', (msg) => {
        if (msg.channel === channel) handlers.onNotification(msg.payload ?? '');
      });
      try {
        await c.connect();
        await c.query(`listen "${channel.replace(/"/g, '""')}"`);
        if (closed) {
          await c.end();
          return;
        }
        delay = 100;
        handlers.onListening(true);
      } catch {
        onLost();
      }
    };
    await connect();
    return {
      close: async () => {
        closed = true;
        clearTimeout(retry);
        if (client) {
          client.removeAllListeners('end');
          client.removeAllListeners('error');
          client.on('error', () => undefined);
          await client.end().catch(() => undefined);
        }
      },
    };
  };
}

interface EmbeddedStore {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

function embeddedListener(pglite: EmbeddedStore): Listener {
  return async (channel, handlers) => {
    const unlisten = await pglite.listen(channel, (payload) => handlers.onNotification(payload));
    handlers.onListening(true);
    return {
      close: async () => {
        await unlisten().catch(() => undefined);
      },
    };
  };
}

/** Tracks the subscriptions of a database so that closing it closes them first. */
function withListeners(knex: Knex, reader: Knex, kind: Database['kind'], listener: Listener): Database {
  const open = new Set<{ close(): Promise<void> }>();
  return {
    knex,
    reader,
    kind,
    listen: async (channel, handlers) => {
      const subscription = await listener(channel, handlers);
      const tracked = {
        close: async () => {
          open.delete(tracked);
          await subscription.close();
        },
      };
      open.add(tracked);
      return tracked;
    },
    close: async () => {
      await Promise.all([...open].map((s) => s.close()));
      await Promise.all([knex.destroy(), reader === knex ? undefined : reader.destroy()]);
    },
  };
}

async function openEmbedded(dataDir: string | undefined, lock: StoreLock | undefined): Promise<{ knex: Knex; pglite: EmbeddedStore }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { default: ClientPgLite } = await import('knex-pglite');
  const extensions = { pg_trgm };
  let pglite;
  if (dataDir) {
    const dir = path.join(dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    try {
      pglite = await PGlite.create(dir, { extensions });
    } catch (err) {
      lock?.release();
      throw err;
    }
  } else {
    pglite = await PGlite.create({ extensions });
  }
  const knex = knexFactory({
    client: ClientPgLite as unknown as typeof knexFactory.Client,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
    useNullAsDefault: true,
  } as Knex.Config);
  return { knex, pglite };
}

/** Opens the database (PostgreSQL or embedded) and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let knex: Knex;
  let listener: Listener;
  // One process at a time on a DATA_DIR (src/platform/db/storeLock.ts): taken before PGlite reads it.
  const lock = !options.databaseUrl && options.dataDir ? lockStore(options.dataDir, options.role ?? 'another process') : undefined;
  if (options.databaseUrl) {
    configurePgTypes();
    knex = knexFactory({
      client: 'pg',
      connection: options.databaseUrl,
      pool: { min: 0, max: 10 },
      // While the server is unreachable a request waits at most this long for a connection,
      // then answers 503 (src/platform/db/unavailable.ts).
      acquireConnectionTimeout: 10_000,
      // Connection errors reach the caller (a 503, a warning in the service's log); knex's own
      // console lines would only break the JSON log on stdout.
      log: quietKnexLog,
    });
    listener = pgListener(options.databaseUrl);
  } else if (options.databaseReadUrl) {
    throw new Error('a read replica (databaseReadUrl) needs a PostgreSQL primary (databaseUrl)');
  } else {
    const embedded = await openEmbedded(options.dataDir, lock);
    knex = embedded.knex;
    listener = embeddedListener(embedded.pglite);
  }
  try {
    // The primary only: a replica receives the schema by replication.
    await migrateLatest(knex);
  } catch (err) {
    await knex.destroy();
    lock?.release();
    throw err;
  }
  const reader = options.databaseReadUrl
    ? knexFactory({
        client: 'pg',
        connection: options.databaseReadUrl,
        pool: { min: 0, max: 10 },
        // An unreachable replica must fail a read quickly (the fence then reads the primary).
        acquireConnectionTimeout: 5_000,
        // Its connection errors are the fence's to report (a warning in the service's log),
        // not knex's console lines.
        log: { warn: () => undefined, error: () => undefined },
      })
    : knex;
  const database = withListeners(knex, reader, options.databaseUrl ? 'postgres' : 'embedded', listener);
  if (!lock) return database;
  return {
    ...database,
    staleLockFrom: lock.tookOverFrom,
    close: async () => {
      try {
        await database.close();
      } finally {
        lock.release();
      }
    },
  };
}

export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource });
}
