import crypto from 'node:crypto';
import knexFactory from 'knex';
import { openDatabase, type Database } from '../../src/platform/db';

/**
 * A database of the test file's own, schema up to date: a fresh PostgreSQL database when
 * DATABASE_URL is set (created here, dropped by close), otherwise an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<Database> {
  const base = process.env.DATABASE_URL;
  if (!base) return openDatabase({});

  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(base);
  const admin = knexFactory({ client: 'pg', connection: adminUrl.toString(), pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

export function testDatabaseUrl(db: Database): string | undefined {
  const conn = db.knex.client.config.connection;
  return typeof conn === 'string' ? conn : undefined;
}
