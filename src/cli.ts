import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { compose, type AppServices } from './composition';
import { loadConfig } from './platform/config';
import { progressReporter } from './platform/progress';
import { UnknownPlanError } from './accounts';
import { UUID } from './accounts/apiKeyService';
import { importCompanies, ImportFileError } from './search/companyImport';
import { DEMO_CAPACITY, seedDemoCompanies } from './search/demoCompanies';

/** A progress bar on stderr, only when stderr is a terminal (never in pipes, files or CI logs). */
function progressBar(label: string): ((fraction: number) => void) | undefined {
  if (!process.stderr.isTTY) return undefined;
  return (fraction) => {
    const width = 30;
    const done = Math.round(Math.min(1, fraction) * width);
    process.stderr.write(`\r${label} [${'#'.repeat(done)}${'.'.repeat(width - done)}] ${Math.floor(fraction * 100)}%`);
    if (fraction >= 1) process.stderr.write('\n');
  };
}

const USAGE = `Usage: npm run cli -- <command>

  accounts create --name NAME --plan sales_team|enterprise --credits N
  keys create --account ACCOUNT_ID [--name NAME] [--expires-in-days N] [--mode live|test]
  keys revoke KEY_ID
  credits add --account ACCOUNT_ID --amount N --reason TEXT [--reference REF]
              (a negative amount is written --amount=-5)
  companies import FILE [--silent]
              CSV with a header, or JSON Lines; columns nom, wilaya, secteur, activite,
              email, telephone, score_qualite. Prints {"imported", "updated", "rejected"}.
  companies seed --count N
              N deterministic demo companies (the same ones on every run).

Every command brings the schema up to date first, prints its JSON result on stdout
and reports errors on stderr with a non-zero exit.`;

class UsageError extends Error {}

function uuid(raw: string, what: string): string {
  if (!UUID.test(raw)) throw new UsageError(`${what} must be a UUID (got "${raw}")`);
  return raw.toLowerCase();
}

function required(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`--${name} is required`);
  return v;
}

function wholeNumber(raw: string, name: string): number {
  if (!/^-?\d+$/.test(raw.trim())) throw new UsageError(`--${name} must be a whole number (got "${raw}")`);
  return Number(raw);
}

async function run(argv: string[]): Promise<unknown> {
  const [group, action, ...rest] = argv;
  if (!group || group === 'help' || group === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return undefined;
  }
  const command = `${group} ${action ?? ''}`.trim();
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        plan: { type: 'string' },
        credits: { type: 'string' },
        account: { type: 'string' },
        amount: { type: 'string' },
        reason: { type: 'string' },
        reference: { type: 'string' },
        'expires-in-days': { type: 'string' },
        count: { type: 'string' },
        mode: { type: 'string' },
        silent: { type: 'boolean' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const known = ['accounts create', 'keys create', 'keys revoke', 'credits add', 'companies import', 'companies seed'];
  if (!known.includes(command)) throw new UsageError(`unknown command "${command}"`);

  // Validate the arguments before touching the database.
  let task: (services: AppServices & { db: Knex }) => Promise<unknown>;
  switch (command) {
    case 'accounts create': {
      const name = required(values, 'name');
      const plan = required(values, 'plan');
      const credits = wholeNumber(required(values, 'credits'), 'credits');
      task = (s) =>
        s.accounts.create({ name, plan, credits }).catch((err: unknown) => {
          throw err instanceof UnknownPlanError ? new UsageError(err.message) : err;
        });
      break;
    }
    case 'keys create': {
      const account = uuid(required(values, 'account'), '--account');
      const days = values['expires-in-days'] !== undefined ? wholeNumber(values['expires-in-days'], 'expires-in-days') : undefined;
      if (days !== undefined && (days < 1 || days > 3650)) throw new UsageError('--expires-in-days must be from 1 to 3650');
      const mode = values.mode ?? 'live';
      if (mode !== 'live' && mode !== 'test') throw new UsageError(`--mode must be live or test (got "${mode}")`);
      task = async (s) => {
        await s.accounts.get(account);
        const created = await s.apiKeys.issue(account, { name: values.name ?? null, expiresInDays: days, mode });
        return { key_id: created.id, api_key: created.api_key };
      };
      break;
    }
    case 'keys revoke': {
      if (!positionals[0]) throw new UsageError('keys revoke needs a KEY_ID');
      const keyId = uuid(positionals[0], 'KEY_ID');
      task = async (s) => {
        const key = await s.apiKeys.revoke(keyId);
        return { key_id: key.id, revoked_at: key.revoked_at };
      };
      break;
    }
    case 'companies import': {
      const file = positionals[0];
      if (!file) throw new UsageError('companies import needs a FILE');
      if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`no such file: ${file}`);
      // A bar on a terminal, plain lines every few seconds otherwise (--silent: neither).
      const progress = values.silent ? undefined : progressReporter('importing');
      task = async (s) => {
        try {
          return await importCompanies(s.db, file, { onProgress: progress });
        } catch (err) {
          if (err instanceof ImportFileError) throw new Error(err.message, { cause: err });
          throw err;
        }
      };
      break;
    }
    case 'companies seed': {
      const count = wholeNumber(required(values, 'count'), 'count');
      if (count < 1 || count > DEMO_CAPACITY) throw new UsageError(`--count must be from 1 to ${DEMO_CAPACITY}`);
      const progress = values.silent ? undefined : progressBar('seeding');
      task = (s) => seedDemoCompanies(s.db, count, progress && ((done, total) => progress(done / total)));
      break;
    }
    default: {
      const account = uuid(required(values, 'account'), '--account');
      const amount = wholeNumber(required(values, 'amount'), 'amount');
      const reason = required(values, 'reason');
      task = async (s) => {
        const row = await s.accounts.addCredits(account, amount, reason, values.reference);
        return { account_id: account, delta: row.delta, balance: row.balance_after, ledger_id: row.id };
      };
    }
  }

  // The database and the services only: no cache, index, rate limit or page worker, no Express.
  const parts = await compose(loadConfig(), { role: `the CLI (${command})`, serve: false });
  try {
    return await task({ ...parts.services, db: parts.database.knex });
  } finally {
    await parts.close();
  }
}

run(process.argv.slice(2)).then(
  (result) => {
    if (result !== undefined) process.stdout.write(`${JSON.stringify(result)}\n`);
  },
  (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`error: ${message}\n`);
    if (err instanceof UsageError) process.stderr.write(`\n${USAGE}\n`);
    process.exitCode = err instanceof UsageError ? 2 : 1;
  },
);
