import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { AppError, validationError, type FieldError } from '../platform/errors';
import { findAccount, type Principal } from '../accounts';
import { applyCreditChange, chargePerItem, IdempotencyService, requestHash, type Complete } from '../billing';
import {
  completenessScore,
  effectiveWilaya,
  findSecteur,
  findWilaya,
  naturalKey,
  originFields,
  originsOf,
  upsertCompanies,
  MAX_PROVENANCE,
  type CompanyInput,
  type Secteur,
  type Wilaya,
} from '../search';
import { releaseExtractionSlot, takeExtractionSlot } from './extractionSlots';
import * as tasks from './taskRepository';
import type { ExtractionOutcome, Metrics } from '../platform/metrics';
import type { MergedCompany } from './merge';
import type { PageReader } from './pages';
import { runExtraction, type Fetcher, type RunProgress, type SourceReport } from './run';
import type { SourceConfig } from './sources';
import type { Mode, ScrapedEntreprise, ScrapingRunRequest, ScrapingTask, ScrapingTaskPage, ScrapingTaskPending, ScrapingTaskStatus, ScrapingTaskSummary } from '../platform/types';

/** The body of both extraction operations; the validator fills the defaults, direct callers may leave them out. */
export type RunBody = Omit<ScrapingRunRequest, 'max_results' | 'only_new'> & Partial<Pick<ScrapingRunRequest, 'max_results' | 'only_new'>>;

/** Where the extraction reads from, and how. */
export interface ScrapingSetup {
  sources: readonly SourceConfig[];
  fetcher: Fetcher;
  /** The whole run's deadline. */
  deadlineMs: number;
  /** Where pages are parsed (worker threads with a budget per page), built and closed by the caller (src/composition.ts). */
  pages: PageReader;
  /**
   * Aborted when the server can wait no longer for running extractions (SIGTERM, then its
   * shutdown timeout): a run that has not committed is then rolled back, charges nothing,
   * releases its Idempotency-Key and answers 503.
   */
  cancel?: AbortSignal;
}

/**
 * How long an extraction may take to write once its deadline has passed. Its Idempotency-Key is
 * leased for the deadline plus this (after a SIGKILL, the key is free again that long after the
 * request began). SHUTDOWN_TIMEOUT_MS leaves a running extraction its deadline plus at least
 * 5 s (src/platform/config.ts) to write before the server gives up on it.
 */
export const EXTRACTION_WRITE_MARGIN_MS = 30_000;

/** A request, resolved against the reference data. */
interface Resolved {
  secteur: Secteur;
  wilaya: Wilaya;
  maxResults: number;
  onlyNew: boolean;
}

/** How one of the two operations records its run (see `extract`). */
interface ExtractHooks {
  createdAt: Date;
  /** Writes the task's end with its answer, in the charging transaction; false: the task is no longer this run's. */
  record: (trx: Knex, status: 'completed' | 'failed', response: ScrapingTask) => Promise<boolean>;
  /** Stores the idempotent answer (POST /v1/scraping/run). */
  complete?: Complete<ScrapingTask>;
  /** Ends the run early (a cancelled task). */
  signal?: AbortSignal;
  onProgress?: (progress: RunProgress) => void;
  /** Fields a background task's answer adds. */
  extra?: Partial<ScrapingTask>;
}

/** Thrown when a background task was cancelled (or taken over) during its run: nothing of the run is kept. */
export class TaskGone extends Error {
  constructor(readonly taskId: string) {
    super(`task ${taskId} was cancelled or taken over while it ran`);
  }
}

/** With only_new, the most companies a run reads (max_results plus the companies that may be left out). */
const MAX_RESULTS_READ = 1000;

/** A task taken up this many times (each attempt's worker died, or it failed) ends failed at the next. */
export const MAX_TASK_ATTEMPTS = 5;

/** How often a running task's progress is written (and its cancellation noticed across instances). */
export const PROGRESS_EVERY_MS = 500;

/** Where a background task is, as the API shows it until it has an answer. */
function pendingOf(row: tasks.TaskRow): ScrapingTaskPending {
  const secteur = findSecteur(row.secteur_id);
  const wilaya = findWilaya(row.wilaya_code);
  const pending: ScrapingTaskPending = {
    task_id: row.id,
    status: row.status as ScrapingTaskPending['status'],
    secteur: secteur?.nom ?? row.secteur_id,
    wilaya: wilaya?.nom ?? String(row.wilaya_code),
    wilaya_code: row.wilaya_code,
    max_results: row.max_results,
    only_new: row.only_new,
    created_at: new Date(row.created_at).toISOString(),
    // Only a test key's task says its mode: a live task's answer stays as it always was.
    ...(row.mode === 'test' ? { mode: 'test' as const } : {}),
  };
  if (row.started_at) pending.started_at = new Date(row.started_at).toISOString();
  if (row.cancelled_at) pending.cancelled_at = new Date(row.cancelled_at).toISOString();
  if (row.status === 'running') pending.progress = row.progress ?? { pages_read: 0, companies_found: 0, sources_done: 0, sources_total: 0 };
  return pending;
}

function summaryOf(row: tasks.TaskRow): ScrapingTaskSummary {
  const { task_id, secteur, wilaya, wilaya_code, max_results, created_at } = pendingOf(row);
  const summary: ScrapingTaskSummary = { task_id, status: row.status, secteur, wilaya, wilaya_code, max_results, created_at, ...(row.mode === 'test' ? { mode: 'test' as const } : {}) };
  const found = row.response?.results_found;
  if (typeof found === 'number') summary.results_found = found;
  summary.credits_used = row.credits_used;
  return summary;
}

/**
 * The id a test-mode extraction gives a company it does not write: a UUID (version 5 layout) of
 * the company's natural key, so the same sample company has the same id on every run.
 */
export function testCompanyId(key: string): string {
  const h = crypto.createHash('sha256').update(`test-mode\n${key}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** What the HTTP layer sends back: a body, its status, and whether it is a stored answer. */
export interface RunAnswer {
  status: number;
  body: ScrapingTask;
  replayed: boolean;
}


/** A source's failure in general words: the directory's own message never reaches a client. */
function publicError(report: SourceReport): string | undefined {
  switch (report.status) {
    case 'timeout':
      return 'timed out';
    case 'blocked':
      return 'robots.txt forbids the search';
    case 'error':
      return 'the directory could not be read';
    default:
      return report.error ? 'some pages could not be read' : undefined;
  }
}

/** Why a source's outcome is not `ok`, in general words. */
function publicReason(report: SourceReport): string | undefined {
  switch (report.outcome) {
    case 'ok':
      return undefined;
    case 'empty':
      return 'no company was found on the pages read';
    case 'failed':
      return publicError(report) ?? 'the directory could not be read';
    case 'partial':
      if (report.status === 'timeout') return 'the run deadline was reached';
      if (report.pages_dropped?.length) return 'some pages took too long or could not be read and were dropped';
      return 'some pages could not be read';
  }
}

/** How a refused or failed run request is counted. */
function outcomeOf(err: unknown): ExtractionOutcome {
  if (!(err instanceof AppError)) return 'error';
  switch (err.code) {
    case 'sources_failed':
      return 'failed';
    case 'insufficient_credits':
      return 'insufficient_credits';
    case 'too_many_running_extractions':
      return 'too_many_running';
    default:
      return err.status < 500 ? 'rejected' : 'error';
  }
}

/**
 * What an extraction tells the rest of the service, each in the transaction that writes it (so
 * that nothing is told of what did not commit): the webhook events, wired by the composition.
 */
export interface ExtractionEvents {
  completed(trx: Knex, accountId: string, task: ScrapingTask): Promise<void>;
  failed(trx: Knex, accountId: string, task: ScrapingTask): Promise<void>;
  /** A charge moved the balance from `before` to `after` (equal when nothing was charged). */
  charged(trx: Knex, accountId: string, before: number, after: number, taskId: string): Promise<void>;
}

export class ScrapingService {
  constructor(
    private readonly db: Knex,
    private readonly setup: ScrapingSetup | undefined,
    /** Told after the companies of an account's extraction committed (read-your-writes: src/platform/db/readYourWrites.ts). */
    private readonly written: (accountId: string) => Promise<void> = async () => undefined,
    private readonly idempotency: IdempotencyService = new IdempotencyService(db),
    private readonly metrics?: Metrics,
    /** Told of what happened, in the transaction that wrote it (webhook events). */
    private readonly events?: ExtractionEvents,
    /**
     * Where a test key's extractions read: the sample directory only, started on first use
     * (src/composition.ts). Without it, test-mode extractions answer 503.
     */
    private readonly testSetup?: () => Promise<ScrapingSetup>,
  ) {}

  /** Where an extraction of this mode reads: a test key never reaches the configured directories. */
  private async setupFor(mode: Mode): Promise<ScrapingSetup> {
    const setup = mode === 'test' ? await this.testSetup?.() : this.setup;
    if (!setup || setup.sources.length === 0) {
      throw new AppError(
        'service_unavailable',
        mode === 'test' ? 'Test-mode extractions are not available on this server.' : 'No directory is configured for extractions (SCRAPING_SOURCES).',
      );
    }
    return setup;
  }

  private resolve(body: RunBody): Resolved {
    const problems: FieldError[] = [];
    const secteur = findSecteur(body.secteur);
    if (!secteur) problems.push({ path: '/body/secteur', message: `unknown sector "${body.secteur}" (see GET /v1/secteurs)` });
    const found = findWilaya(body.wilaya);
    if (!found) problems.push({ path: '/body/wilaya', message: `unknown wilaya "${body.wilaya}" (see GET /v1/wilayas)` });
    if (problems.length > 0 || !secteur || !found) {
      throw validationError(problems);
    }
    return { secteur, wilaya: effectiveWilaya(found), maxResults: body.max_results ?? 20, onlyNew: body.only_new === true };
  }

  /**
   * Runs an extraction for the account and bills it. With an Idempotency-Key, a replay of the
   * same request within 24 hours answers the stored answer without fetching or charging.
   */
  async run(principal: Principal, body: RunBody, idempotencyKey?: string): Promise<RunAnswer> {
    const request = this.resolve(body);
    const setup = await this.setupFor(principal.mode);
    // The same hash as before this service existed, so keys stored then still replay.
    // only_new joins the hash only when set, so that keys stored before it existed still replay;
    // so does the mode, so that a test key never replays a live answer (nor the reverse).
    const hash = requestHash({
      secteur: request.secteur.id,
      wilaya: request.wilaya.code,
      max_results: request.maxResults,
      ...(request.onlyNew ? { only_new: true } : {}),
      ...(principal.mode === 'test' ? { mode: 'test' } : {}),
    });
    try {
      const answer = await this.idempotency.once<ScrapingTask>(principal.accountId, idempotencyKey, hash, (complete) => this.execute(principal, request, complete, setup), {
        leaseMs: setup.deadlineMs + EXTRACTION_WRITE_MARGIN_MS,
      });
      if (answer.replayed) {
        this.metrics?.extractions.inc({ outcome: 'replayed' });
        return { ...answer, body: await this.withOrigins(answer.body) };
      }
      return answer;
    } catch (err) {
      this.metrics?.extractions.inc({ outcome: outcomeOf(err) });
      throw err;
    }
  }

  private async execute(
    principal: Principal,
    request: Resolved,
    complete: Complete<ScrapingTask>,
    setup: ScrapingSetup,
  ): Promise<{ status: number; body: ScrapingTask }> {
    const account = await findAccount(this.db, principal.accountId);
    // Test mode charges nothing, so a zero balance does not stop it.
    if (!account || (account.credit_balance <= 0 && principal.mode !== 'test')) {
      throw new AppError('insufficient_credits', 'An extraction costs 1 credit per company with a contact; the balance is 0.');
    }
    const taskId = crypto.randomUUID();
    // One of the account's slots (its plan's extractions at once), held until it answers.
    const { plan } = principal;
    const slot = await takeExtractionSlot(this.db, {
      id: taskId,
      accountId: principal.accountId,
      limit: plan.max_concurrent_extractions,
      deadlineMs: setup.deadlineMs,
      leaseMs: setup.deadlineMs + EXTRACTION_WRITE_MARGIN_MS,
    });
    if (!slot.taken) {
      const seconds = Math.max(1, Math.ceil(slot.retryAfterMs / 1000));
      throw new AppError(
        'too_many_running_extractions',
        `This account may run ${plan.max_concurrent_extractions} extractions at once (plan ${plan.id}); retry in ${seconds} seconds, when one has ended.`,
        { headers: { 'Retry-After': String(seconds) } },
      );
    }
    try {
      const createdAt = new Date();
      return await this.extract(principal.accountId, request, taskId, account.credit_balance, setup, principal.mode, {
        createdAt,
        complete,
        record: async (trx, status, response) => {
          await tasks.insertTask(trx, {
            id: taskId,
            account_id: principal.accountId,
            status,
            secteur_id: request.secteur.id,
            wilaya_code: request.wilaya.code,
            max_results: request.maxResults,
            credits_used: response.credits_used,
            response,
            created_at: createdAt,
            mode: principal.mode,
          });
          return true;
        },
      });
    } finally {
      // A slot that cannot be released now (the database went away) lapses with its lease.
      await releaseExtractionSlot(this.db, taskId).catch(() => undefined);
      // Its place may go to a task of the account waiting for one (else the workers' sweep admits it).
      await this.admitWaiting(principal.accountId).catch(() => undefined);
    }
  }

  /**
   * The one extraction and billing path of both operations: runs the directories, then
   * charges by the seed's rule and writes the companies, the task's end (`hooks.record`) and
   * the stored answer in one transaction. `hooks.record` answering false (a background task
   * cancelled or taken over meanwhile) rolls it all back and throws {@link TaskGone}.
   */
  private async extract(
    accountId: string,
    request: Resolved,
    taskId: string,
    balanceAtStart: number,
    setup: ScrapingSetup,
    mode: Mode,
    hooks: ExtractHooks,
  ): Promise<{ status: number; body: ScrapingTask }> {
    const { createdAt, complete = async () => undefined } = hooks;
    const started = performance.now();
    // only_new: the companies of this wilaya the account was billed for are left out, and the
    // directories are read for as many more as could be left out.
    const known = request.onlyNew ? await tasks.billedCompanyKeys(this.db, accountId, request.wilaya.code) : undefined;
    const result = await runExtraction({
      flow: accountId,
      sources: setup.sources,
      secteur: request.secteur.nom,
      wilaya: { code: request.wilaya.code, nom: request.wilaya.nom },
      maxResults: Math.min(request.maxResults + (known?.size ?? 0), MAX_RESULTS_READ),
      fetcher: setup.fetcher,
      deadlineMs: setup.deadlineMs,
      pages: setup.pages,
      signal: hooks.signal,
      onProgress: hooks.onProgress,
    });
    if (hooks.signal?.aborted) throw new TaskGone(taskId);
    result.report.forEach((r, i) => {
      this.metrics?.extractionSources.inc({ source: r.name, outcome: r.outcome });
      this.metrics?.extractionSourceDuration.observe({ source: r.name, outcome: r.outcome }, result.durationsMs[i] / 1000);
    });
    const reports = result.report.map((r) => {
      const report: ScrapingTask['sources'][number] = {
        name: r.name,
        status: r.status,
        pages_read: r.pages_read,
        companies_found: r.companies_found,
        outcome: r.outcome,
        items_seen: r.items_seen,
        items_dropped: { ...r.items_dropped },
      };
      const error = publicError(r);
      if (error) report.error = error;
      const reason = publicReason(r);
      if (reason) report.reason = reason;
      if (r.pages_dropped) report.pages_dropped = r.pages_dropped.map((p) => ({ ...p }));
      return report;
    });
    const isKnown = (c: MergedCompany) => known?.has(naturalKey({ nom: c.name, wilaya_code: request.wilaya.code })) ?? false;
    const fresh = known ? result.companies.filter((c) => !isKnown(c)) : result.companies;
    const base = {
      task_id: taskId,
      secteur: request.secteur.nom,
      wilaya: request.wilaya.nom,
      wilaya_code: request.wilaya.code,
      max_results: request.maxResults,
      sources: reports,
      created_at: createdAt.toISOString(),
      // Only when asked for: the answer of a request without only_new stays as it always was.
      ...(request.onlyNew ? { only_new: true, skipped_known: result.companies.length - fresh.length } : {}),
      ...hooks.extra,
      ...(mode === 'test' ? { mode } : {}),
    };
    const record = async (trx: Knex, status: 'completed' | 'failed', response: ScrapingTask) => {
      if (!(await hooks.record(trx, status, response))) throw new TaskGone(taskId);
    };

    // A run the server gave up waiting for is rolled back whatever its sources gave: nothing
    // recorded, nothing charged, its key released (a retry after the restart runs).
    this.checkNotCancelled(setup);
    if (!result.report.some((r) => r.status === 'ok')) {
      const failed: ScrapingTask = {
        ...base,
        status: 'failed',
        results_found: 0,
        credits_used: 0,
        credit_balance: balanceAtStart,
        truncated: false,
        billable_found: 0,
        entreprises: [],
        ...(hooks.extra ? { completed_at: new Date().toISOString() } : {}),
      };
      await this.db.transaction(async (trx) => {
        await record(trx, 'failed', failed);
        await this.events?.failed(trx, accountId, failed);
      });
      this.metrics?.extractionDuration.observe({ outcome: 'failed' }, (performance.now() - started) / 1000);
      const names = reports.map((r) => `${r.name} (${r.status})`).join(', ');
      throw new AppError('sources_failed', `No directory answered: ${names}. Nothing was charged.`, { fields: { task_id: taskId } });
    }

    const found = fresh.slice(0, request.maxResults);
    const billable = (c: MergedCompany) => c.emails.length > 0 || c.phones.length > 0;
    if (mode === 'test') return this.recordTestRun(accountId, request, taskId, setup, found, billable, base, record, complete);
    const answer = await this.db.transaction(async (trx) => {
      // Billed before writing, in the same transaction: a failure later leaves no charge and no row.
      const { kept, paid, balanceBefore: balance, billableFound } = await chargePerItem(trx, {
        accountId,
        items: found,
        billable,
        reason: 'scraping',
        reference: taskId,
      });
      const inputs: CompanyInput[] = kept.map((c) => {
        const company: CompanyInput = { ...companyInput(c, request), seenOn: c.seenOn };
        company.score_qualite = completenessScore(company);
        return company;
      });
      const written = await upsertCompanies(trx, inputs);
      const ids = new Map(written.map((w) => [`${w.nom_normalise}|${w.wilaya_code}`, w.id]));
      const origins = await originsOf(trx, written.map((w) => w.id));
      const entreprises: ScrapedEntreprise[] = kept.map((c, i) => ({
        id: ids.get(naturalKey(inputs[i])) as string,
        nom: inputs[i].nom,
        wilaya: request.wilaya.nom,
        wilaya_code: request.wilaya.code,
        secteur: request.secteur.nom,
        activite: inputs[i].activite,
        email: inputs[i].email,
        telephone: inputs[i].telephone,
        score_qualite: inputs[i].score_qualite,
        billed: billable(c),
        emails: c.emails,
        telephones: c.phones,
        sources: c.sources,
        source_urls: c.sourceUrls,
        ...originFields(origins.get(ids.get(naturalKey(inputs[i])) as string)!),
      }));
      const completed: ScrapingTask = {
        ...base,
        status: 'completed',
        results_found: entreprises.length,
        credits_used: paid,
        credit_balance: balance - paid,
        truncated: paid < billableFound,
        billable_found: billableFound,
        entreprises,
        ...(hooks.extra ? { completed_at: new Date().toISOString() } : {}),
      };
      await tasks.rememberBilled(trx, accountId, taskId, entreprises.filter((e) => e.billed).map((e) => e.id));
      await record(trx, 'completed', completed);
      await this.events?.charged(trx, accountId, balance, balance - paid, taskId);
      await this.events?.completed(trx, accountId, completed);
      // The last moment to give up: past it, the charge, the companies and the answer commit together.
      this.checkNotCancelled(setup);
      await complete(trx, 200, completed);
      return completed;
    });
    this.metrics?.creditsCharged.inc(answer.credits_used);
    this.metrics?.extractions.inc({ outcome: 'completed' });
    this.metrics?.extractionDuration.observe({ outcome: 'completed' }, (performance.now() - started) / 1000);
    // Before answering: the account's next search must see these companies.
    await this.written(accountId);
    return { status: 200, body: answer };
  }

  /**
   * A test-mode run's end: the same answer as a live run's, but nothing is charged and no company
   * is written. The ledger gets a row of 0 (`scraping_test`, the task's id) in the transaction
   * that records the task; the companies keep stable ids derived from their name and wilaya.
   */
  private async recordTestRun(
    accountId: string,
    request: Resolved,
    taskId: string,
    setup: ScrapingSetup,
    found: MergedCompany[],
    billable: (c: MergedCompany) => boolean,
    base: Omit<ScrapingTask, 'status' | 'results_found' | 'credits_used' | 'credit_balance' | 'truncated' | 'billable_found' | 'entreprises'>,
    record: (trx: Knex, status: 'completed' | 'failed', response: ScrapingTask) => Promise<void>,
    complete: Complete<ScrapingTask>,
  ): Promise<{ status: number; body: ScrapingTask }> {
    const seenAt = new Date().toISOString();
    const entreprises: ScrapedEntreprise[] = found.map((c) => {
      const company = companyInput(c, request);
      return {
        id: testCompanyId(naturalKey(company)),
        nom: company.nom.trim(),
        wilaya: request.wilaya.nom,
        wilaya_code: request.wilaya.code,
        secteur: request.secteur.nom,
        activite: company.activite,
        email: company.email,
        telephone: company.telephone,
        score_qualite: completenessScore(company),
        first_seen_at: seenAt,
        updated_at: seenAt,
        provenance: c.seenOn.slice(0, MAX_PROVENANCE).map((s) => ({ type: 'directory' as const, source: s.source, url: s.url, first_seen_at: seenAt, last_seen_at: seenAt })),
        billed: billable(c),
        emails: c.emails,
        telephones: c.phones,
        sources: c.sources,
        source_urls: c.sourceUrls,
      };
    });
    const answer = await this.db.transaction(async (trx) => {
      const row = await applyCreditChange(trx, { accountId, delta: 0, reason: 'scraping_test', reference: taskId });
      if (!row) throw new AppError('invalid_api_key', 'The API key is not known.');
      const completed: ScrapingTask = {
        ...base,
        status: 'completed',
        results_found: entreprises.length,
        credits_used: 0,
        credit_balance: row.balance_after,
        truncated: false,
        billable_found: entreprises.filter((e) => e.billed).length,
        entreprises,
        ...(base.started_at ? { completed_at: new Date().toISOString() } : {}),
      };
      await record(trx, 'completed', completed);
      await this.events?.completed(trx, accountId, completed);
      this.checkNotCancelled(setup);
      await complete(trx, 200, completed);
      return completed;
    });
    this.metrics?.extractions.inc({ outcome: 'completed' });
    return { status: 200, body: answer };
  }

  /** Throws (rolling back whatever the caller's transaction wrote) once the server gave up waiting. */
  private checkNotCancelled(setup: ScrapingSetup | undefined = this.setup): void {
    if (setup?.cancel?.aborted) {
      throw new AppError('service_unavailable', 'The server is restarting; this extraction was cancelled and nothing was charged. Retry with the same Idempotency-Key.', {
        headers: { 'Retry-After': '5' },
      });
    }
  }

  /** A task of the account: its answer once it has one, else where it is. */
  async task(principal: Principal, taskId: string): Promise<ScrapingTask | ScrapingTaskPending> {
    const row = await tasks.findTaskRow(this.db, principal.accountId, taskId);
    if (!row) throw new AppError('resource_not_found', `No extraction task ${taskId} for this account.`);
    if (row.response) return this.withOrigins(row.response);
    const pending = pendingOf(row);
    if (pending.progress && pending.progress.sources_total === 0) pending.progress.sources_total = row.mode === 'test' ? 1 : (this.setup?.sources.length ?? 0);
    return pending;
  }

  /**
   * Where admitted tasks are sent to be run, in the admitting transaction (set by
   * startTaskWorkers); without it they are admitted all the same, and a worker's sweep sends them.
   */
  queue?: { send(taskId: string, trx?: Knex): Promise<void> };
  /** The runs of this process's workers, to stop at once when cancelled here. */
  private readonly running = new Map<string, AbortController>();

  /**
   * POST /v1/scraping/tasks: checks the request and the balance (402 at zero), makes the task
   * `queued` and hands it to the queue. Nothing is charged here.
   */
  async submit(principal: Principal, body: RunBody, idempotencyKey?: string): Promise<{ status: number; body: ScrapingTaskPending; replayed: boolean }> {
    const request = this.resolve(body);
    await this.setupFor(principal.mode);
    const hash = requestHash({
      operation: 'task',
      secteur: request.secteur.id,
      wilaya: request.wilaya.code,
      max_results: request.maxResults,
      only_new: request.onlyNew,
      ...(principal.mode === 'test' ? { mode: 'test' } : {}),
    });
    const answer = await this.idempotency.once<ScrapingTaskPending>(principal.accountId, idempotencyKey, hash, async (complete) => {
      const account = await findAccount(this.db, principal.accountId);
      if (!account || (account.credit_balance <= 0 && principal.mode !== 'test')) {
        throw new AppError('insufficient_credits', 'An extraction costs 1 credit per company with a contact; the balance is 0.');
      }
      const taskId = crypto.randomUUID();
      const createdAt = new Date();
      const row = {
        id: taskId,
        account_id: principal.accountId,
        secteur_id: request.secteur.id,
        wilaya_code: request.wilaya.code,
        max_results: request.maxResults,
        only_new: request.onlyNew,
        created_at: createdAt,
        mode: principal.mode,
      };
      const pending = pendingOf({ ...row, kind: 'task', status: 'queued', credits_used: 0, response: null, progress: null, attempts: 0, started_at: null, cancelled_at: null, completed_at: null, lease_until: null, admitted_at: null });
      await this.db.transaction(async (trx) => {
        await tasks.lockAccount(trx, principal.accountId);
        await tasks.insertQueuedTask(trx, row);
        // Its job is sent now if its account has a free place (its plan's extractions at once),
        // in this transaction; otherwise it waits queued for one of the account's tasks to end.
        await this.admit(trx, principal.accountId);
        await complete(trx, 202, pending);
      });
      return { status: 202, body: pending };
    });
    return answer;
  }

  /** GET /v1/scraping/tasks: the account's tasks, newest first. */
  async listTasks(principal: Principal, query: { status?: ScrapingTaskStatus; page?: number; per_page?: number }): Promise<ScrapingTaskPage> {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 20;
    const { total, rows } = await tasks.listTasks(this.db, principal.accountId, { status: query.status, page, perPage });
    return { total, page, pages: Math.ceil(total / perPage), items: rows.map(summaryOf) };
  }

  /**
   * Admits the account's waiting tasks into the places its plan leaves free and sends their
   * jobs, all in `trx` (see taskWorkers.ts, "Fairness"). Answers the admitted ids.
   */
  private async admit(trx: Knex, accountId: string): Promise<string[]> {
    const admitted = await tasks.admitTasks(trx, accountId);
    for (const id of admitted) await this.queue?.send(id, trx);
    return admitted;
  }

  /** Admits the account's waiting tasks now, if any (a synchronous run ended, or a worker's sweep). */
  async admitWaiting(accountId: string): Promise<string[]> {
    if (!(await tasks.hasWaitingTasks(this.db, accountId))) return [];
    return this.db.transaction((trx) => this.admit(trx, accountId));
  }

  /** POST /v1/scraping/tasks/{task_id}/cancel: a queued or running task becomes cancelled; an ended one answers 409. */
  async cancel(principal: Principal, taskId: string): Promise<ScrapingTaskPending> {
    // Its place (if it had one) goes to the account's next waiting task, in the same transaction.
    const { cancelled, row } = await this.db.transaction(async (trx) => {
      await tasks.lockAccount(trx, principal.accountId);
      const outcome = await tasks.cancelTask(trx, principal.accountId, taskId);
      if (outcome.cancelled) await this.admit(trx, principal.accountId);
      return outcome;
    });
    if (!row) throw new AppError('resource_not_found', `No extraction task ${taskId} for this account.`);
    if (!cancelled) {
      throw new AppError('task_not_cancellable', `Task ${taskId} is ${row.status}; only a queued or running task can be cancelled.`);
    }
    // Run here: stopped now. Run by another instance: it notices at its next progress write.
    this.running.get(taskId)?.abort();
    return pendingOf(row);
  }

  /**
   * Runs a background task once its job is delivered (a worker of taskWorkers.ts). A task that
   * has ended (completed, failed, cancelled) is left as it is, so a job delivered twice charges
   * once; a running one is taken up again (its worker died: the queue gave the job again),
   * and only this newest attempt may complete and charge it. `leaseMs`: how long the attempt
   * is held without a heartbeat (renewed with each progress write, every PROGRESS_EVERY_MS);
   * past it, the task is taken to be stranded. Throws when the task should be tried again
   * (the database went away); a failure of every directory is an ending.
   */
  async runTask(taskId: string, leaseMs: number): Promise<'completed' | 'failed' | 'skipped' | 'cancelled'> {
    const row = await tasks.claimTask(this.db, taskId, leaseMs);
    if (!row) return 'skipped';
    const attempt = row.attempts;
    const secteur = findSecteur(row.secteur_id);
    const found = findWilaya(row.wilaya_code);
    const setup = row.mode === 'test' ? await this.testSetup?.() : this.setup;
    if (!secteur || !found || attempt > MAX_TASK_ATTEMPTS || !setup) {
      // Taken up too many times (each attempt died or failed) or not runnable here: it ends failed, nothing charged.
      await this.giveUp(row, secteur, found);
      return 'failed';
    }
    const request: Resolved = { secteur, wilaya: effectiveWilaya(found), maxResults: row.max_results, onlyNew: row.only_new };
    const account = await findAccount(this.db, row.account_id);
    const stop = new AbortController();
    this.running.set(taskId, stop);
    let last = 0;
    let writing = false;
    try {
      await this.extract(row.account_id, request, taskId, account?.credit_balance ?? 0, setup, row.mode, {
        createdAt: new Date(row.created_at),
        // Its end gives its place to the account's next waiting task, in the same transaction.
        record: async (trx, status, response) => {
          await tasks.lockAccount(trx, row.account_id);
          if (!(await tasks.finishTask(trx, taskId, attempt, status, response))) return false;
          await this.admit(trx, row.account_id);
          return true;
        },
        signal: stop.signal,
        extra: { started_at: new Date(row.started_at ?? Date.now()).toISOString() },
        onProgress: (progress) => {
          const now = Date.now();
          if (writing || now - last < PROGRESS_EVERY_MS) return;
          last = now;
          writing = true;
          tasks
            .recordProgress(this.db, taskId, attempt, progress, leaseMs)
            .then((mine) => {
              if (!mine) stop.abort(); // cancelled (or taken over) from elsewhere
            })
            .catch(() => undefined)
            .finally(() => {
              writing = false;
            });
        },
      });
      return 'completed';
    } catch (err) {
      if (err instanceof TaskGone) return 'cancelled';
      if (err instanceof AppError && err.code === 'sources_failed') return 'failed';
      throw err;
    } finally {
      this.running.delete(taskId);
    }
  }

  /** Ends a task that cannot be run (any more) as failed, charging nothing. */
  private async giveUp(row: tasks.TaskRow, secteur: Secteur | undefined, wilaya: Wilaya | undefined): Promise<void> {
    const account = await findAccount(this.db, row.account_id);
    const failed: ScrapingTask = {
      task_id: row.id,
      status: 'failed',
      secteur: secteur?.nom ?? row.secteur_id,
      wilaya: wilaya?.nom ?? String(row.wilaya_code),
      wilaya_code: row.wilaya_code,
      max_results: row.max_results,
      results_found: 0,
      credits_used: 0,
      credit_balance: account?.credit_balance ?? 0,
      truncated: false,
      billable_found: 0,
      entreprises: [],
      sources: [],
      created_at: new Date(row.created_at).toISOString(),
      ...(row.only_new ? { only_new: true, skipped_known: 0 } : {}),
      started_at: new Date(row.started_at ?? Date.now()).toISOString(),
      completed_at: new Date().toISOString(),
      ...(row.mode === 'test' ? { mode: row.mode } : {}),
    };
    await this.db.transaction(async (trx) => {
      await tasks.lockAccount(trx, row.account_id);
      if (await tasks.finishTask(trx, row.id, row.attempts, 'failed', failed)) {
        await this.events?.failed(trx, row.account_id, failed);
        await this.admit(trx, row.account_id);
      }
    });
  }

  /**
   * A stored answer written before companies had an origin (migration 010) gets its companies'
   * origins as they are now; later answers are returned as stored.
   */
  private async withOrigins<T extends { entreprises?: ScrapedEntreprise[]; created_at?: string }>(stored: T): Promise<T> {
    const missing = (stored.entreprises ?? []).filter((e) => e.provenance === undefined);
    if (missing.length === 0) return stored;
    const origins = await originsOf(this.db, missing.map((e) => e.id));
    return {
      ...stored,
      entreprises: stored.entreprises!.map((e) => {
        if (e.provenance !== undefined) return e;
        // A company deleted since: the task's own time is the one date known for it.
        const at = new Date(stored.created_at ?? Date.now());
        const origin = origins.get(e.id) ?? { first_seen_at: at, updated_at: at, provenance: [] };
        return { ...e, ...originFields(origin) };
      }),
    };
  }
}

/** The row an extracted company becomes (its score computed by the caller, where it is stored). */
function companyInput(c: MergedCompany, request: Resolved): CompanyInput {
  return {
    nom: c.name,
    wilaya_code: request.wilaya.code,
    secteur_id: request.secteur.id,
    activite: c.activity ?? null,
    email: c.emails[0] ?? null,
    telephone: c.phones[0] ?? null,
    score_qualite: 0,
    source: 'scraping',
    source_url: c.sourceUrls[0] ?? null,
  };
}
