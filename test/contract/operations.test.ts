/**
 * Per operation: send its request examples to the app, then check that the answer is one the
 * spec declares for that operation (status, media type, required headers) and that its body
 * validates. Cases are enumerated from openapi/v1.yaml.
 */
import request from 'supertest';
import { PoliteFetcher } from '../../src/extraction/fetcher';
import { startSampleDirectory, type SampleDirectory } from '../../src/extraction/sampleDirectory';
import { createTestContext, type TestContext } from '../helpers/app';
import { deref, examplesOf, operations, validateAgainst, type Json, type Operation } from '../helpers/spec';

interface RequestCase {
  label: string;
  op: Operation;
  path: string;
  query: Record<string, unknown>;
  body?: { mediaType: string; value: unknown };
}

/** One request per request-body example (or one without a body), every parameter at each of its examples in turn. */
function requestCases(op: Operation): RequestCase[] {
  const first = (param: Json) => examplesOf(param)[0]?.value;
  const base = () => {
    let path = op.path;
    const query: Record<string, unknown> = {};
    for (const p of op.parameters) {
      if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(first(p))));
      if (p.in === 'query') query[p.name] = first(p);
    }
    return { path, query };
  };
  const cases: RequestCase[] = [];
  const bodies: { name: string; mediaType: string; value: unknown }[] = [];
  if (op.operation.requestBody) {
    for (const [mediaType, media] of Object.entries<Json>(deref(op.operation.requestBody).content)) {
      for (const ex of examplesOf(media)) bodies.push({ name: ex.name, mediaType, value: ex.value });
    }
  }
  if (bodies.length === 0) cases.push({ label: 'parameter examples', op, ...base() });
  for (const b of bodies) cases.push({ label: `body example "${b.name}"`, op, ...base(), body: b });
  // Each further example of a parameter gets a request of its own.
  for (const p of op.parameters) {
    for (const ex of examplesOf(p).slice(1)) {
      const c = base();
      if (p.in === 'query') c.query[p.name] = ex.value;
      if (p.in === 'path') c.path = op.path.replace(`{${p.name}}`, encodeURIComponent(String(ex.value)));
      cases.push({ label: `${p.name} example "${ex.name}"`, op, ...c, body: bodies[0] });
    }
  }
  return cases;
}

const cases = operations().flatMap(requestCases);

let ctx: TestContext;
let sample: SampleDirectory;
beforeAll(async () => {
  // Extractions read the sample directory that ships with the project, on 127.0.0.1.
  sample = await startSampleDirectory();
  const fetcher = new PoliteFetcher({ userAgent: 'ProspectingAPI-tests/1.0', timeoutMs: 5000 });
  ctx = await createTestContext({ scraping: { sources: [sample.source], fetcher, deadlineMs: 10_000 } });
});
afterAll(async () => {
  await ctx.close();
  await sample.close();
});

function checkAgainstSpec(op: Operation, res: request.Response): void {
  const declared = op.operation.responses[String(res.status)] ?? op.operation.responses.default;
  expect(declared).toBeDefined();
  const response = deref(declared);
  const mediaType = String(res.headers['content-type'] ?? '').split(';')[0];
  const media = response.content?.[mediaType];
  if (!media) throw new Error(`${res.status} ${mediaType} is not declared for ${op.id}: ${JSON.stringify(Object.keys(response.content ?? {}))}`);
  const result = validateAgainst(media.schema, res.body);
  expect(result.errors).toBe('');
  for (const [name, h] of Object.entries<Json>(response.headers ?? {})) {
    if (deref(h).required) expect(res.headers[name.toLowerCase()]).toBeDefined();
  }
}

describe.each(operations().map((op) => [`${op.id} (${op.method.toUpperCase()} ${op.path})`, op] as const))('%s', (_name, op) => {
  const opCases = cases.filter((c) => c.op.id === op.id);

  test('has request cases drawn from the spec', () => {
    expect(opCases.length).toBeGreaterThan(0);
  });

  test.each(opCases.map((c) => [c.label, c] as const))('answers its %s as the spec declares', async (_label, c) => {
    const acct = await ctx.account({ plan: 'enterprise', credits: 10 });
    let req = request(ctx.app)[c.op.method](c.path).query(c.query as Record<string, string>).set('Authorization', `Bearer ${acct.api_key}`);
    if (c.body) req = req.set('Content-Type', c.body.mediaType).send(JSON.stringify(c.body.value));
    const res = await req;
    expect(res.status).toBeLessThan(500);
    checkAgainstSpec(c.op, res);
  });

  test('answers a request without a key with a declared 401 problem', async () => {
    const res = await request(ctx.app)[op.method](op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'));
    expect(res.status).toBe(401);
    checkAgainstSpec(op, res);
  });
});
