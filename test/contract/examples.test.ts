/**
 * Every example in the spec, checked against the schema it illustrates. The cases are
 * enumerated from openapi/v1.yaml: adding an example adds a test, with no code change.
 */
import { deref, examplesOf, operations, spec, validateAgainst, type Json } from '../helpers/spec';

interface Case {
  where: string;
  schema: Json;
  value: unknown;
}

function collect(): Case[] {
  const cases: Case[] = [];
  const fromNode = (where: string, node: Json, schema: Json) => {
    for (const ex of examplesOf(node)) cases.push({ where: `${where} example "${ex.name}"`, schema, value: ex.value });
  };
  const fromContent = (where: string, content: Json | undefined) => {
    for (const [mediaType, media] of Object.entries<Json>(content ?? {})) fromNode(`${where} ${mediaType}`, media, media.schema);
  };
  const fromHeaders = (where: string, headers: Json | undefined) => {
    for (const [name, h] of Object.entries<Json>(headers ?? {})) {
      const header = deref(h);
      fromNode(`${where} header ${name}`, header, header.schema);
    }
  };

  for (const op of operations()) {
    const label = `${op.method.toUpperCase()} ${op.path}`;
    for (const param of op.parameters) fromNode(`${label} ${param.in} parameter ${param.name}`, param, param.schema);
    if (op.operation.requestBody) fromContent(`${label} request body`, deref(op.operation.requestBody).content);
    for (const [status, r] of Object.entries<Json>(op.operation.responses)) {
      const response = deref(r);
      fromContent(`${label} response ${status}`, response.content);
      fromHeaders(`${label} response ${status}`, response.headers);
    }
  }
  // Schema-level examples (`example` on a schema or property), walked through every component schema.
  const walk = (where: string, schema: Json) => {
    if (!schema || typeof schema !== 'object') return;
    if (schema.example !== undefined && !schema.$ref) cases.push({ where: `${where} example`, schema, value: schema.example });
    for (const [name, sub] of Object.entries<Json>(schema.properties ?? {})) walk(`${where}.${name}`, sub);
    for (const sub of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) walk(where, sub);
    if (schema.items) walk(`${where}[]`, schema.items);
  };
  for (const [name, schema] of Object.entries<Json>(spec.components.schemas)) walk(`schema ${name}`, schema);
  return cases;
}

const cases = collect();

describe('every example in openapi/v1.yaml', () => {
  test('there are examples to check, for every operation', () => {
    expect(cases.length).toBeGreaterThan(50);
    for (const op of operations()) {
      expect(cases.some((c) => c.where.startsWith(`${op.method.toUpperCase()} ${op.path} response`))).toBe(true);
    }
  });

  test('every named example under components/examples is used by some parameter, body or response', () => {
    const used = new Set<string>();
    JSON.stringify(spec, (key, value) => {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/examples/')) used.add(value.split('/').pop()!);
      return value;
    });
    expect(Object.keys(spec.components.examples).filter((name) => !used.has(name))).toEqual([]);
  });

  test.each(cases.map((c) => [c.where, c] as const))('%s is valid against its schema', (_where, c) => {
    const result = validateAgainst(c.schema, c.value);
    expect(result.errors).toBe('');
    expect(result.valid).toBe(true);
  });
});

describe('the example checker itself', () => {
  test('rejects a value that breaks its schema', () => {
    const me = deref(spec.components.schemas.Me);
    const bad = { ...deref<Json>(spec.components.examples.MeSalesTeam).value, credit_balance: -1 };
    expect(validateAgainst(me, bad).valid).toBe(false);
    const { value } = deref<Json>(spec.components.examples.MeSalesTeam);
    const { plan: _plan, ...missingPlan } = value;
    expect(validateAgainst({ $ref: '#/components/schemas/Me' }, missingPlan).valid).toBe(false);
  });
});
