import { parseArgs } from 'node:util';
import { createServices } from './app';
import { loadConfig } from './config';
import { openRuntime } from './runtime';

const USAGE = `Usage: npm run cli -- <command>

  accounts create --name NAME --plan sales_team|enterprise --credits N
  keys create --account ACCOUNT_ID [--name NAME] [--expires-in-days N]
  keys revoke KEY_ID
  credits add --account ACCOUNT_ID --amount N --reason TEXT [--reference REF]

Every command brings the schema up to date first, prints its JSON result on stdout
and reports errors on stderr with a non-zero exit.`;

class UsageError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const { values, positionals } = parseArgs({
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
    },
  });
  const known = ['accounts create', 'keys create', 'keys revoke', 'credits add'];
  if (!known.includes(command)) throw new UsageError(`unknown command "${command}"`);

  // Validate the arguments before touching the database.
  let task: (services: ReturnType<typeof createServices>) => Promise<unknown>;
  switch (command) {
    case 'accounts create': {
      const name = required(values, 'name');
      const plan = required(values, 'plan');
      const credits = wholeNumber(required(values, 'credits'), 'credits');
      task = (s) => s.accounts.create({ name, plan, credits });
      break;
    }
    case 'keys create': {
      const account = uuid(required(values, 'account'), '--account');
      const days = values['expires-in-days'] !== undefined ? wholeNumber(values['expires-in-days'], 'expires-in-days') : undefined;
      if (days !== undefined && (days < 1 || days > 3650)) throw new UsageError('--expires-in-days must be from 1 to 3650');
      task = async (s) => {
        await s.accounts.get(account);
        const created = await s.apiKeys.issue(account, { name: values.name ?? null, expiresInDays: days });
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

  const config = loadConfig();
  const { database, apiKeySecret } = await openRuntime(config);
  try {
    return await task(createServices(database.knex, apiKeySecret));
  } finally {
    await database.close();
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
