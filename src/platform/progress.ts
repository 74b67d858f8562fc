/**
 * Progress of a long CLI task on stderr: a bar redrawn in place on a terminal; elsewhere (a
 * pipe, a file, a CI log) plain lines, one every `intervalMs` and one at the end, so that a
 * log shows the task is alive without filling up with redraws.
 */
export interface ProgressOptions {
  stream?: { write(text: string): unknown; isTTY?: boolean };
  /** Plain lines: at most one per interval (default 5 s), plus the last. */
  intervalMs?: number;
  now?: () => number;
}

const PLAIN_INTERVAL_MS = 5000;

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A reporter of `done` out of `total` bytes read. */
export function progressReporter(label: string, options: ProgressOptions = {}): (done: number, total: number) => void {
  const stream = options.stream ?? process.stderr;
  if (stream.isTTY) {
    return (done, total) => {
      const fraction = total > 0 ? Math.min(1, done / total) : 1;
      const width = 30;
      const filled = Math.round(fraction * width);
      stream.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(fraction * 100)}%`);
      if (fraction >= 1) stream.write('\n');
    };
  }
  const intervalMs = options.intervalMs ?? PLAIN_INTERVAL_MS;
  const now = options.now ?? Date.now;
  let last = now();
  let finished = false;
  return (done, total) => {
    if (finished) return;
    const fraction = total > 0 ? Math.min(1, done / total) : 1;
    if (fraction >= 1) {
      finished = true;
      stream.write(`${label}: 100% (${size(total)} read)\n`);
    } else if (now() - last >= intervalMs) {
      last = now();
      stream.write(`${label}: ${Math.floor(fraction * 100)}% (${size(done)} of ${size(total)} read)\n`);
    }
  };
}
