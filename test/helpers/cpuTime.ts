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
