import type { Config } from './platform/config';
import { openDatabase, type Database } from './platform/db';
import { loadOrCreateEmbeddedSecret } from './accounts/secret';

export interface Runtime {
  database: Database;
  apiKeySecret: string;
}

/**
 * What `npm start` and every CLI command share: the database, migrated, and the key secret.
 * `role` names the process to another one refused by the embedded store's lock.
 */
export async function openRuntime(config: Config, role?: string): Promise<Runtime> {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, databaseReadUrl: config.databaseReadUrl } : { dataDir: config.dataDir, role },
  );
  const apiKeySecret = config.apiKeySecret ?? loadOrCreateEmbeddedSecret(config.dataDir);
  return { database, apiKeySecret };
}
