/**
 * `npm run lint:api` is a gate: it must fail on a spec that lacks examples or has invalid ones.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';

const root = path.resolve(__dirname, '..');
const specText = fs.readFileSync(path.join(root, 'openapi/v1.yaml'), 'utf8');

function lint(mutate?: (doc: any) => void): { status: number | null; output: string } { // eslint-disable-line @typescript-eslint/no-explicit-any
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-'));
  const file = path.join(dir, 'v1.yaml');
  const doc = YAML.parse(specText);
  mutate?.(doc);
  fs.writeFileSync(file, YAML.stringify(doc));
  const result = spawnSync(path.join(root, 'node_modules/.bin/redocly'), ['lint', file, '--config', path.join(root, 'redocly.yaml')], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  fs.rmSync(dir, { recursive: true, force: true });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('npm run lint:api', () => {
  test('passes on the spec as it is', () => {
    expect(lint().status).toBe(0);
  });

  test('fails when a parameter has no example', () => {
    const result = lint((doc) => delete doc.components.parameters.PerPage.examples);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('parameter-has-example');
  });

  test('fails when a response media type has no examples', () => {
    const result = lint((doc) => delete doc.paths['/v1/me'].get.responses['200'].content['application/json'].examples);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('media-type-has-examples');
  });

  test('fails when a named example does not match its schema', () => {
    const result = lint((doc) => (doc.components.examples.MeSalesTeam.value.credit_balance = 'plenty'));
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('no-invalid-media-type-examples');
  });

  test('fails when an example has a property the schema does not define', () => {
    const result = lint((doc) => (doc.components.examples.MeSalesTeam.value.nickname = 'Numidia'));
    expect(result.status).not.toBe(0);
  });
});
