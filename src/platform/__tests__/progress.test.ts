import { progressReporter } from '../progress';

/** A stream that records what is written, terminal or not, and a clock the test moves. */
function setup(isTTY: boolean) {
  const written: string[] = [];
  let time = 1_000_000;
  const stream = { isTTY, write: (text: string) => written.push(text) };
  return { written, stream, tick: (ms: number) => (time += ms), now: () => time };
}

const MB = 1024 * 1024;

describe('progress of a CLI task', () => {
  test('off a terminal: a plain line at most every interval, then one at the end, never a carriage return', () => {
    const { written, stream, tick, now } = setup(false);
    const report = progressReporter('importing', { stream, now, intervalMs: 5000 });
    report(1 * MB, 40 * MB); // too soon after the start
    tick(4999);
    report(3 * MB, 40 * MB);
    expect(written).toEqual([]);
    tick(1);
    report(4 * MB, 40 * MB);
    tick(2000);
    report(6 * MB, 40 * MB); // too soon after the last line
    tick(3000);
    report(10 * MB, 40 * MB);
    report(40 * MB, 40 * MB);
    report(40 * MB, 40 * MB); // the end is said once
    expect(written).toEqual([
      'importing: 10% (4.0 MB of 40.0 MB read)\n',
      'importing: 25% (10.0 MB of 40.0 MB read)\n',
      'importing: 100% (40.0 MB read)\n',
    ]);
  });

  test('a short task off a terminal prints only its last line; an empty file counts as done', () => {
    const { written, stream, now } = setup(false);
    progressReporter('importing', { stream, now })(0, 0);
    expect(written).toEqual(['importing: 100% (0.0 KB read)\n']);
  });

  test('on a terminal: a bar redrawn in place, ended by a line break', () => {
    const { written, stream, now } = setup(true);
    const report = progressReporter('importing', { stream, now });
    report(20 * MB, 40 * MB);
    report(40 * MB, 40 * MB);
    expect(written).toEqual([
      `\rimporting [${'#'.repeat(15)}${'.'.repeat(15)}] 50%`,
      `\rimporting [${'#'.repeat(30)}] 100%`,
      '\n',
    ]);
  });
});
