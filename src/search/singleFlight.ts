/**
 * Identical concurrent work done once: while a computation for a key runs, later callers with
 * the same key get its promise instead of starting another (cold requests for the same search
 * do not pile up). Nothing is kept once it settles.
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    const known = this.running.get(key);
    if (known) return known;
    const started = work().finally(() => this.running.delete(key));
    this.running.set(key, started);
    return started;
  }

  get size(): number {
    return this.running.size;
  }
}

/** At most `limit` pieces of work at once; the others wait in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  get running(): number {
    return this.active;
  }
}
