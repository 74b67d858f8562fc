import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { AppError, validationError, type FieldError } from '../platform/errors';
import { findAccount, type Principal } from '../accounts';
import { chargePerItem, IdempotencyService, requestHash, type Complete } from '../billing';
import {
  completenessScore,
  effectiveWilaya,
  findSecteur,
  findWilaya,
  naturalKey,
  originFields,
  originsOf,
  upsertCompanies,
  type CompanyInput,
  type Secteur,
  type Wilaya,
} from '../search';
import { releaseExtractionSlot, takeExtractionSlot } from './extractionSlots';
import * as tasks from './taskRepository';
import type { ExtractionOutcome, Metrics } from '../platform/metrics';
import type { MergedCompany } from './merge';
import type { PageReader } from './pages';
import { runExtraction, type Fetcher, type SourceReport } from './run';
import type { SourceConfig } from './sources';
import type { ScrapedEntreprise, ScrapingRunRequest, ScrapingTask } from '../platform/types';

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
  ) {}

  private resolve(body: ScrapingRunRequest): { secteur: Secteur; wilaya: Wilaya; maxResults: number } {
    const problems: FieldError[] = [];
    const secteur = findSecteur(body.secteur);
    if (!secteur) problems.push({ path: '/body/secteur', message: `unknown sector "${body.secteur}" (see GET /v1/secteurs)` });
    const found = findWilaya(body.wilaya);
    if (!found) problems.push({ path: '/body/wilaya', message: `unknown wilaya "${body.wilaya}" (see GET /v1/wilayas)` });
    if (problems.length > 0 || !secteur || !found) {
      throw validationError(problems);
    }
    return { secteur, wilaya: effectiveWilaya(found), maxResults: body.max_results ?? 20 };
  }

  /**
   * Runs an extraction for the account and bills it. With an Idempotency-Key, a replay of the
   * same request within 24 hours answers the stored answer without fetching or charging.
   */
  async run(principal: Principal, body: ScrapingRunRequest, idempotencyKey?: string): Promise<RunAnswer> {
    const request = this.resolve(body);
    if (!this.setup || this.setup.sources.length === 0) {
      throw new AppError('service_unavailable', 'No directory is configured for extractions (SCRAPING_SOURCES).');
    }
    // The same hash as before this service existed, so keys stored then still replay.
    const hash = requestHash({ secteur: request.secteur.id, wilaya: request.wilaya.code, max_results: request.maxResults });
    try {
      const answer = await this.idempotency.once<ScrapingTask>(principal.accountId, idempotencyKey, hash, (complete) => this.execute(principal, request, complete), {
        leaseMs: this.setup.deadlineMs + EXTRACTION_WRITE_MARGIN_MS,
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
    request: { secteur: Secteur; wilaya: Wilaya; maxResults: number },
    complete: Complete<ScrapingTask>,
  ): Promise<{ status: number; body: ScrapingTask }> {
    const setup = this.setup as ScrapingSetup;
    const account = await findAccount(this.db, principal.accountId);
    if (!account || account.credit_balance <= 0) {
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
      return await this.extract(principal, request, complete, taskId, account.credit_balance);
    } finally {
      // A slot that cannot be released now (the database went away) lapses with its lease.
      await releaseExtractionSlot(this.db, taskId).catch(() => undefined);
    }
  }

  private async extract(
    principal: Principal,
    request: { secteur: Secteur; wilaya: Wilaya; maxResults: number },
    complete: Complete<ScrapingTask>,
    taskId: string,
    balanceAtStart: number,
  ): Promise<{ status: number; body: ScrapingTask }> {
    const setup = this.setup as ScrapingSetup;
    const createdAt = new Date();
    const started = performance.now();
    const result = await runExtraction({
      flow: principal.accountId,
      sources: setup.sources,
      secteur: request.secteur.nom,
      wilaya: { code: request.wilaya.code, nom: request.wilaya.nom },
      maxResults: request.maxResults,
      fetcher: setup.fetcher,
      deadlineMs: setup.deadlineMs,
      pages: setup.pages,
    });
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
    const base = {
      task_id: taskId,
      secteur: request.secteur.nom,
      wilaya: request.wilaya.nom,
      wilaya_code: request.wilaya.code,
      max_results: request.maxResults,
      sources: reports,
      created_at: createdAt.toISOString(),
    };
    const record = (trx: Knex, status: 'completed' | 'failed', response: ScrapingTask) =>
      tasks.insertTask(trx, {
        id: taskId,
        account_id: principal.accountId,
        status,
        secteur_id: request.secteur.id,
        wilaya_code: request.wilaya.code,
        max_results: request.maxResults,
        credits_used: response.credits_used,
        response,
        created_at: createdAt,
      });

    // A run the server gave up waiting for is rolled back whatever its sources gave: nothing
    // recorded, nothing charged, its key released (a retry after the restart runs).
    this.checkNotCancelled();
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
      };
      await this.db.transaction(async (trx) => {
        await record(trx, 'failed', failed);
        await this.events?.failed(trx, principal.accountId, failed);
      });
      this.metrics?.extractionDuration.observe({ outcome: 'failed' }, (performance.now() - started) / 1000);
      const names = reports.map((r) => `${r.name} (${r.status})`).join(', ');
      throw new AppError('sources_failed', `No directory answered: ${names}. Nothing was charged.`, { fields: { task_id: taskId } });
    }

    const found = result.companies.slice(0, request.maxResults);
    const billable = (c: MergedCompany) => c.emails.length > 0 || c.phones.length > 0;
    const answer = await this.db.transaction(async (trx) => {
      // Billed before writing, in the same transaction: a failure later leaves no charge and no row.
      const { kept, paid, balanceBefore: balance, billableFound } = await chargePerItem(trx, {
        accountId: principal.accountId,
        items: found,
        billable,
        reason: 'scraping',
        reference: taskId,
      });
      const inputs: CompanyInput[] = kept.map((c) => {
        const company: CompanyInput = {
          nom: c.name,
          wilaya_code: request.wilaya.code,
          secteur_id: request.secteur.id,
          activite: c.activity ?? null,
          email: c.emails[0] ?? null,
          telephone: c.phones[0] ?? null,
          score_qualite: 0,
          source: 'scraping',
          source_url: c.sourceUrls[0] ?? null,
          seenOn: c.seenOn,
        };
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
      };
      await record(trx, 'completed', completed);
      await this.events?.charged(trx, principal.accountId, balance, balance - paid, taskId);
      await this.events?.completed(trx, principal.accountId, completed);
      // The last moment to give up: past it, the charge, the companies and the answer commit together.
      this.checkNotCancelled();
      await complete(trx, 200, completed);
      return completed;
    });
    this.metrics?.creditsCharged.inc(answer.credits_used);
    this.metrics?.extractions.inc({ outcome: 'completed' });
    this.metrics?.extractionDuration.observe({ outcome: 'completed' }, (performance.now() - started) / 1000);
    // Before answering: the account's next search must see these companies.
    await this.written(principal.accountId);
    return { status: 200, body: answer };
  }

  /** Throws (rolling back whatever the caller's transaction wrote) once the server gave up waiting. */
  private checkNotCancelled(): void {
    if (this.setup?.cancel?.aborted) {
      throw new AppError('service_unavailable', 'The server is restarting; this extraction was cancelled and nothing was charged. Retry with the same Idempotency-Key.', {
        headers: { 'Retry-After': '5' },
      });
    }
  }

  async task(principal: Principal, taskId: string): Promise<ScrapingTask> {
    const found = await tasks.findTask(this.db, principal.accountId, taskId);
    if (!found) throw new AppError('resource_not_found', `No extraction task ${taskId} for this account.`);
    return this.withOrigins(found);
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
