import { parse } from 'node-html-parser';

/**
 * The CPU time (user + system, in ms) this process spends running `fn`: the guard of a
 * linear-time test. A wall-clock bound fails when other processes load the machine (CI runs
 * two jest workers and PostgreSQL on two cores); CPU time counts only the work done here, so a
 * bound that separates linear from quadratic holds on a loaded machine too.
 */
export function cpuMs<T>(fn: () => T): { ms: number; result: T } {
  const before = process.cpuUsage();
  const result = fn();
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000, result };
}

/** A fixed piece of the work the extraction does (parse a page, walk it, match its text), in ms of CPU time: the best of five. */
function referenceMs(): number {
  const page = `<html><body>${Array.from({ length: 400 }, (_, i) => `<div class="card"><h3>Société ${i}</h3><p>Zone industrielle, lot ${i}</p><p>Tél : 0550 ${String(i).padStart(6, '0')}</p><a href="mailto:s${i}@exemple.dz">s${i}@exemple.dz</a></div>`).join('')}</body></html>`;
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    const { ms } = cpuMs(() => {
      let found = 0;
      for (let k = 0; k < 12; k++) {
        const root = parse(page);
        for (const el of root.querySelectorAll('div')) found += /\b0\d{3} ?\d{6}\b/.test(el.text) ? 1 : 0;
      }
      return found;
    });
    best = Math.min(best, ms);
  }
  return best;
}

/**
 * What `referenceMs` takes on a quiet machine of the kind CI runs on: 32 ms, measured with
 * `npx tsx` on 2026-11-28 at a load average of 1.5 (the bounds below were set on such machines).
 * A loaded machine reads more (about 100 ms at a load of 4 to 10): CPU time grows when two cores
 * are shared.
 */
const REFERENCE_MS = 32;
/**
 * Most a bound is ever scaled by. The slowest CI machine seen ran this code several times
 * slower than a quiet one (about 5 times: see below); a known quadratic case of these tests (a
 * flood of dashes between digits, before it was made linear: about 80 s for a bound of 5 s) cost
 * 16 times its bound: a cap of 8 lets the first pass and never the second.
 */
const MAX_SLOWNESS = 8;

/**
 * Expects `ms` of CPU time to be within `budgetMs`, a bound set on a quiet machine of the kind CI
 * runs on. A CI machine can run CPU-bound code several times slower than that (a run once read
 * 3,340 ms of CPU time for one of four CSV files read in 2,500 ms together here): only when the bound is passed is the
 * machine's speed measured, and the bound scaled by how much slower than the reference it runs
 * now, at most {@link MAX_SLOWNESS} times.
 */
export function expectCpuWithin(ms: number, budgetMs: number): void {
  if (ms < budgetMs) return;
  const reference = referenceMs();
  const slowness = Math.min(MAX_SLOWNESS, Math.max(1, reference / REFERENCE_MS));
  if (ms < budgetMs * slowness) return;
  throw new Error(`${ms.toFixed(0)} ms of CPU time, over the bound of ${budgetMs} ms scaled by this machine's slowness ${slowness.toFixed(2)} (its reference work took ${reference.toFixed(1)} ms for ${REFERENCE_MS} ms on a quiet machine; at most ${MAX_SLOWNESS})`);
}
