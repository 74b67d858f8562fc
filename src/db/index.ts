import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { migrationSource } from './migrations';

export type Db = Knex;

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Directory of the embedded store; undefined keeps it in memory (tests). */
  dataDir?: string;
}

export interface Database {
  knex: Knex;
  kind: 'postgres' | 'embedded';
  close(): Promise<void>;
}

// pg returns BIGINT (count(*), bigserial) as strings; these stay well inside 2^53.
let pgTypesSet = false;
function configurePgTypes(): void {
  if (pgTypesSet) return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { types } = require('pg') as typeof import('pg');
  types.setTypeParser(types.builtins.INT8, (v: string) => Number(v));
  pgTypesSet = true;
}

async function openEmbedded(dataDir: string | undefined): Promise<Knex> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { default: ClientPgLite } = await import('knex-pglite');
  const extensions = { pg_trgm };
  let pglite;
  if (dataDir) {
    const dir = path.join(dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir, { extensions });
  } else {
    pglite = await PGlite.create({ extensions });
  }
  return knexFactory({
    client: ClientPgLite as unknown as typeof knexFactory.Client,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
    useNullAsDefault: true,
  } as Knex.Config);
}

/** Opens the database (PostgreSQL or embedded) and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let knex: Knex;
  if (options.databaseUrl) {
    configurePgTypes();
    knex = knexFactory({
      client: 'pg',
      connection: options.databaseUrl,
      pool: { min: 0, max: 10 },
    });
  } else {
    knex = await openEmbedded(options.dataDir);
  }
  try {
    await migrateLatest(knex);
  } catch (err) {
    await knex.destroy();
    throw err;
  }
  return {
    knex,
    kind: options.databaseUrl ? 'postgres' : 'embedded',
    close: () => knex.destroy(),
  };
}

export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource });
}
