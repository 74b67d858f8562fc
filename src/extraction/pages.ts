/**
 * Reading pages off the event loop. Parsing a page and reading its companies is CPU work that
 * outside text controls (a page of 40,000 nested elements, a megabyte of whitespace), so it
 * never runs on the thread that answers requests: each page is read by {@link readPage} in a
 * worker thread of a piscina pool, and a page that takes longer than its budget has its
 * thread ended (piscina terminates the worker of an aborted running task) and is reported
 * `over_budget`; the pool starts another thread for the next page.
 *
 * Decisions:
 * - The budget is wall time from the moment a thread starts the page (the worker says so on a
 *   port of the task's own): a page waiting for a thread, or for a new thread to load, does not
 *   use its budget, and a page's time is its own CPU time unless the machine is overloaded.
 * - The caller's signal (the run's deadline) ends a waiting page at once and a running one by
 *   ending its thread: a run never waits for a page after its deadline.
 * - A worker's heap is bounded (`maxHeapMb`): a page that needs more ends its thread too
 *   (`failed`), not the process.
 * - Threads start when the first page arrives (an instance that never extracts starts none),
 *   or earlier on {@link PageReader.warm} (the server calls it once listening, when it has
 *   directories to read: loading a thread takes seconds on a busy machine, and the first paid
 *   extraction after a start would spend them out of its deadline); then they stay up (see
 *   {@link PageReader.pool}).
 */
import os from 'node:os';
import path from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { PageResult, PageTask } from './pageWorker';

export type { PageResult, PageTask } from './pageWorker';

/** Why a page was not read: over its budget, stopped by the caller, or its thread failed (out of memory, a crash). */
export type PageFailure = 'over_budget' | 'aborted' | 'failed';

export type PageOutcome = { ok: true; result: PageResult } | { ok: false; reason: PageFailure; message: string };

export interface PageReaderOptions {
  /** Worker threads. Default: the machine's cores, 1 to 4. */
  threads?: number;
  /** Longest time one page may take, in ms. Default 2 000. */
  budgetMs?: number;
  /** Largest heap of one worker, in MB. Default 512. */
  maxHeapMb?: number;
  /** The worker module (exporting `readPage`); default the real one. Tests bring their own. */
  workerFile?: string;
}

export const DEFAULT_PAGE_BUDGET_MS = 2_000;
/** The young generation of a page worker's heap, in MB. */
export const YOUNG_GENERATION_MB = 64;
/** Pages waiting for a thread at most; more are refused (`failed`) rather than held in memory. */
const MAX_QUEUE = 1_000;

/** The worker's entry: the compiled module, or a bootstrap that registers tsx when running from sources. */
function workerFile(): string {
  return __filename.endsWith('.ts') ? path.join(__dirname, 'pageWorker.boot.cjs') : path.join(__dirname, 'pageWorker.js');
}

export class PageReader {
  readonly threads: number;
  readonly budgetMs: number;
  private started: Piscina<PageTask & { started?: MessagePort }, PageResult> | undefined;
  private closed = false;

  constructor(private readonly options: PageReaderOptions = {}) {
    this.threads = options.threads ?? Math.max(1, Math.min(4, os.availableParallelism()));
    this.budgetMs = options.budgetMs ?? DEFAULT_PAGE_BUDGET_MS;
  }

  /**
   * The pool, started with the first page. Its threads stay up: with fewer threads than
   * `maxThreads` kept, piscina did not start a new thread for pages already queued when a
   * running one was ended (they waited for the run's deadline), so all of them are kept.
   */
  private get pool(): Piscina<PageTask & { started?: MessagePort }, PageResult> {
    this.started ??= new Piscina({
      filename: this.options.workerFile ?? workerFile(),
      name: 'readPage',
      minThreads: this.threads,
      maxThreads: this.threads,
      maxQueue: MAX_QUEUE,
      // A page's tree is many short-lived objects: a young generation of 64 MB (V8's default is
      // 16 to 32) spends a third less time collecting them (measured with npm run bench:extraction).
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? 512, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    return this.started;
  }

  /** Starts the threads now rather than with the first page. */
  warm(): void {
    if (!this.closed) void this.pool;
  }

  /** Reads one page in a worker; never throws. */
  async read(task: PageTask, signal?: AbortSignal): Promise<PageOutcome> {
    if (this.closed || signal?.aborted) return { ok: false, reason: 'aborted', message: 'stopped before the page was read' };
    // The worker says when it starts the page (a port of its own): the budget runs from there.
    const { port1, port2 } = new MessageChannel();
    const stop = new AbortController();
    let overBudget = false;
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => {
        overBudget = true;
        stop.abort();
      }, this.budgetMs);
    });
    const onAbort = () => stop.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const result = await this.pool.run({ ...task, started: port2 }, { signal: stop.signal, transferList: [port2] });
      return { ok: true, result };
    } catch (err) {
      if (overBudget) return { ok: false, reason: 'over_budget', message: `reading the page took more than ${this.budgetMs} ms` };
      if (signal?.aborted || this.closed) return { ok: false, reason: 'aborted', message: 'stopped while the page was read' };
      return { ok: false, reason: 'failed', message: err instanceof Error ? err.message : String(err) };
    } finally {
      clearTimeout(timer);
      port1.close();
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Pages being read or waiting for a thread. */
  get load(): { threads: number; waiting: number } {
    return { threads: this.started?.threads.length ?? 0, waiting: this.started?.queueSize ?? 0 };
  }

  /** Ends every thread; pages being read or waiting answer `aborted`. */
  async close(): Promise<void> {
    this.closed = true;
    await this.started?.destroy();
  }
}
