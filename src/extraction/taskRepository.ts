import type { Knex } from 'knex';
import type { Mode, ScrapingTask, ScrapingTaskProgress, ScrapingTaskStatus } from '../platform/types';

export async function insertTask(
  db: Knex,
  task: { id: string; account_id: string; status: 'completed' | 'failed'; secteur_id: string; wilaya_code: number; max_results: number; credits_used: number; response: ScrapingTask; created_at: Date; mode?: Mode },
): Promise<void> {
  await db('scraping_tasks').insert({ ...task, only_new: task.response.only_new === true, response: JSON.stringify(task.response) });
}

/** The stored answer of a finished task (completed or failed); undefined for another account's, an unknown or an unfinished one. */
export async function findTask(db: Knex, accountId: string, taskId: string): Promise<ScrapingTask | undefined> {
  const row = await db('scraping_tasks').where({ id: taskId, account_id: accountId }).first('response');
  if (!row?.response) return undefined;
  return typeof row.response === 'string' ? JSON.parse(row.response) : row.response;
}

/** A task row as stored (the answer parsed). */
export interface TaskRow {
  id: string;
  account_id: string;
  kind: 'run' | 'task';
  status: ScrapingTaskStatus;
  secteur_id: string;
  wilaya_code: number;
  max_results: number;
  only_new: boolean;
  credits_used: number;
  response: ScrapingTask | null;
  progress: ScrapingTaskProgress | null;
  attempts: number;
  created_at: Date;
  started_at: Date | null;
  cancelled_at: Date | null;
  completed_at: Date | null;
  lease_until: Date | null;
  /** When the task got its place among its account's extractions (and its job); null while it waits. */
  admitted_at: Date | null;
  /** `test`: a test key's task, read from the sample directory and charged nothing. */
  mode: Mode;
}

const COLUMNS = [
  'id', 'account_id', 'kind', 'status', 'secteur_id', 'wilaya_code', 'max_results', 'only_new', 'credits_used', 'response',
  'progress', 'attempts', 'created_at', 'started_at', 'cancelled_at', 'completed_at', 'lease_until', 'admitted_at', 'mode',
] as const;

function parse(row: Record<string, unknown> | undefined): TaskRow | undefined {
  if (!row) return undefined;
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : (v ?? null));
  return { ...(row as unknown as TaskRow), response: json(row.response), progress: json(row.progress) };
}

/** A task submitted to run in the background: `queued`, without an answer. */
export async function insertQueuedTask(
  db: Knex,
  task: { id: string; account_id: string; secteur_id: string; wilaya_code: number; max_results: number; only_new: boolean; created_at: Date; mode: Mode },
): Promise<void> {
  await db('scraping_tasks').insert({ ...task, kind: 'task', status: 'queued', credits_used: 0, response: null, completed_at: null });
}

export async function findTaskRow(db: Knex, accountId: string, taskId: string): Promise<TaskRow | undefined> {
  return parse(await db('scraping_tasks').where({ id: taskId, account_id: accountId }).first(COLUMNS));
}

/**
 * Takes a queued or running task up for a new attempt (a running one's worker is taken to
 * have died: the queue gave its job again). Answers the attempt number, the token that
 * {@link finishTask} and {@link recordProgress} need; undefined when the task has ended.
 */
export async function claimTask(db: Knex, taskId: string, leaseMs: number): Promise<TaskRow | undefined> {
  const [row] = await db('scraping_tasks')
    .where({ id: taskId })
    .whereIn('status', ['queued', 'running'])
    .update({
      status: 'running',
      attempts: db.raw('attempts + 1'),
      started_at: db.raw('coalesce(started_at, now())'),
      lease_until: db.raw(`now() + make_interval(secs => ?)`, [leaseMs / 1000]),
      progress: null,
    })
    .returning(COLUMNS);
  return parse(row);
}

/**
 * Notes a running attempt's progress and renews its lease (the attempt's heartbeat); false
 * when the task is no longer this attempt's (cancelled, or taken over).
 */
export async function recordProgress(db: Knex, taskId: string, attempt: number, progress: ScrapingTaskProgress, leaseMs: number): Promise<boolean> {
  const n = await db('scraping_tasks')
    .where({ id: taskId, status: 'running', attempts: attempt })
    .update({ progress: JSON.stringify(progress), lease_until: db.raw(`now() + make_interval(secs => ?)`, [leaseMs / 1000]) });
  return n > 0;
}

/**
 * Ends a running attempt with its answer, inside the caller's transaction (the one that
 * charges it). False, and nothing written, when the task is no longer this attempt's: the
 * caller then rolls its charge back.
 */
export async function finishTask(trx: Knex, taskId: string, attempt: number, status: 'completed' | 'failed', response: ScrapingTask): Promise<boolean> {
  const n = await trx('scraping_tasks')
    .where({ id: taskId, status: 'running', attempts: attempt })
    .update({ status, credits_used: response.credits_used, response: JSON.stringify(response), completed_at: new Date(response.completed_at ?? Date.now()), progress: null, lease_until: null });
  return n > 0;
}

/** Cancels a queued or running task; answers the row after, or the row as it is when it had ended. */
export async function cancelTask(db: Knex, accountId: string, taskId: string): Promise<{ cancelled: boolean; row?: TaskRow }> {
  const [row] = await db('scraping_tasks')
    .where({ id: taskId, account_id: accountId })
    .whereIn('status', ['queued', 'running'])
    .update({ status: 'cancelled', cancelled_at: db.fn.now(), lease_until: null })
    .returning(COLUMNS);
  if (row) return { cancelled: true, row: parse(row) };
  return { cancelled: false, row: await findTaskRow(db, accountId, taskId) };
}

/** The account's tasks, newest first, optionally in one status. */
export async function listTasks(db: Knex, accountId: string, opts: { status?: ScrapingTaskStatus; page: number; perPage: number }): Promise<{ total: number; rows: TaskRow[] }> {
  const base = db('scraping_tasks').where({ account_id: accountId });
  if (opts.status) base.andWhere({ status: opts.status });
  const [{ count }] = await base.clone().count({ count: '*' });
  const rows = await base
    .clone()
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage)
    .select(COLUMNS.filter((c) => c !== 'response'))
    .select(db.raw(`jsonb_build_object('results_found', response->'results_found') as response`));
  return { total: Number(count), rows: rows.map((r) => parse(r)!) };
}

/**
 * Tasks to hand to the queue again: admitted and queued for a while (their job may never have
 * been sent) or running past their lease (their worker stopped renewing it). `everyRunning`:
 * every running task, whatever its lease (the embedded store, at start: no other process can
 * be running one).
 */
export async function strandedTasks(db: Knex, olderThanMs: number, options: { everyRunning?: boolean; limit?: number } = {}): Promise<{ id: string; status: 'queued' | 'running' }[]> {
  const rows = await db('scraping_tasks')
    .where((q) =>
      q.where({ status: 'queued' }).whereNotNull('admitted_at').andWhere('admitted_at', '<', db.raw(`now() - make_interval(secs => ?)`, [olderThanMs / 1000])),
    )
    .orWhere((q) => (options.everyRunning ? q.where({ status: 'running' }) : q.where({ status: 'running' }).andWhere('lease_until', '<', db.fn.now())))
    .orderBy('created_at')
    .limit(options.limit ?? 100)
    .select('id', 'status');
  return rows;
}

/**
 * Admits the account's waiting tasks, oldest first, into the places its plan leaves free:
 * `max_concurrent_extractions` less its synchronous runs under way (`running_extractions`) and
 * its tasks already admitted and not ended. Under a lock on the account row (as a synchronous
 * run takes its slot), in `trx`: the caller sends the admitted tasks' jobs in the same
 * transaction. Answers the admitted ids, oldest first.
 */
export async function admitTasks(trx: Knex, accountId: string): Promise<string[]> {
  const account = await trx('accounts as a')
    .join('plans as p', 'p.id', 'a.plan_id')
    .where('a.id', accountId)
    .forUpdate('a')
    .first('p.max_concurrent_extractions as limit');
  if (!account) return [];
  const [{ used }] = (
    await trx.raw(
      `select (select count(*) from running_extractions where account_id = ? and lease_until >= now())
            + (select count(*) from scraping_tasks where account_id = ? and status in ('queued', 'running') and admitted_at is not null) as used`,
      [accountId, accountId],
    )
  ).rows as { used: string | number }[];
  const free = Number(account.limit) - Number(used);
  if (free <= 0) return [];
  const rows: { id: string; created_at: Date }[] = await trx('scraping_tasks')
    .whereIn(
      'id',
      trx('scraping_tasks').where({ account_id: accountId, status: 'queued' }).whereNull('admitted_at').orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(free).select('id'),
    )
    .update({ admitted_at: trx.fn.now() })
    .returning(['id', 'created_at']);
  return rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id)).map((r) => r.id);
}

/**
 * Locks the account's row for the rest of `trx`. Every transaction that admits tasks or ends
 * one takes it first, before any write that refers to the account (an insert's foreign key
 * takes a share lock, and upgrading that lock later would deadlock two such transactions), as
 * the charge and a synchronous run's slot do.
 */
export async function lockAccount(trx: Knex, accountId: string): Promise<void> {
  await trx('accounts').where({ id: accountId }).forUpdate().first('id');
}

/** Whether the account has tasks waiting for a place. */
export async function hasWaitingTasks(db: Knex, accountId: string): Promise<boolean> {
  return Boolean(await db('scraping_tasks').where({ account_id: accountId, status: 'queued' }).whereNull('admitted_at').first('id'));
}

/** The accounts with tasks waiting for a place for `olderThanMs` or more (the workers' sweep). */
export async function accountsWaiting(db: Knex, olderThanMs: number, limit = 100): Promise<string[]> {
  const rows: { account_id: string }[] = await db('scraping_tasks')
    .where({ status: 'queued' })
    .whereNull('admitted_at')
    .andWhere('created_at', '<', db.raw(`now() - make_interval(secs => ?)`, [olderThanMs / 1000]))
    .distinct('account_id')
    .limit(limit);
  return rows.map((r) => r.account_id);
}

/** The natural keys (`nom_normalise|wilaya_code`) of the companies of a wilaya the account was billed for. */
export async function billedCompanyKeys(db: Knex, accountId: string, wilayaCode: number): Promise<Set<string>> {
  const rows = await db('account_billed_companies as b')
    .join('companies as c', 'c.id', 'b.company_id')
    .where({ 'b.account_id': accountId, 'c.wilaya_code': wilayaCode })
    .select('c.nom_normalise', 'c.wilaya_code');
  return new Set(rows.map((r) => `${r.nom_normalise}|${r.wilaya_code}`));
}

/** Remembers the companies an extraction billed the account for (in the charging transaction). */
export async function rememberBilled(trx: Knex, accountId: string, taskId: string, companyIds: string[]): Promise<void> {
  if (companyIds.length === 0) return;
  await trx('account_billed_companies')
    .insert([...new Set(companyIds)].map((company_id) => ({ account_id: accountId, company_id, task_id: taskId })))
    .onConflict(['account_id', 'company_id'])
    .ignore();
}
