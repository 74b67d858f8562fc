import { spawn, type SpawnOptionsWithoutStdio } from 'node:child_process';

export interface Finished {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` to its end: its exit status and everything it wrote. */
export function runToEnd(command: string, args: string[], options: SpawnOptionsWithoutStdio = {}): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, options);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
