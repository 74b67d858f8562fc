import createClient from 'openapi-fetch';
import type { paths } from '../generated/v1';
import { createTestContext, listen, type TestContext } from './helpers/app';

// A partner's integration, written from the published contract alone: the client and every
// type below come from openapi/v1.yaml (via generated/v1.ts), and the server is driven over
// real HTTP. If the contract and the server drift apart, this file stops type-checking
// (`npx tsc -p .`) or these tests fail.

let ctx: TestContext;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  ctx = await createTestContext();
  server = await listen(ctx.app);
});

afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

/** A client as a partner would build it: the base URL and their key, nothing else. */
function clientFor(apiKey?: string) {
  return createClient<paths>({
    baseUrl: server.url,
    headers: apiKey ? { Authorization: `Bearer ${apiKey}` } : {},
  });
}

describe("a partner's client generated from the spec", () => {
  test('reads its account, creates a key, uses it, revokes it and lists both keys', async () => {
    const acct = await ctx.account({ plan: 'enterprise', credits: 75 });
    const client = clientFor(acct.api_key);

    // GET /v1/me: the account behind the key, typed as components.schemas.Me.
    const me = await client.GET('/v1/me');
    expect(me.response.status).toBe(200);
    expect(me.error).toBeUndefined();
    if (!me.data) throw new Error(`GET /v1/me answered ${me.response.status}: ${JSON.stringify(me.error)}`);
    expect(me.data.id).toBe(acct.account_id);
    expect(me.data.key_id).toBe(acct.key_id);
    expect(me.data.plan.id).toBe('enterprise');
    expect(me.data.limits.requests_per_minute).toBe(500);
    expect(me.data.credit_balance).toBe(75);

    // POST /v1/api-keys: the body is typed as components.schemas.ApiKeyCreate.
    const created = await client.POST('/v1/api-keys', { body: { name: 'partner key', expires_in_days: 30 } });
    expect(created.response.status).toBe(201);
    if (!created.data) throw new Error(`POST /v1/api-keys answered ${created.response.status}: ${JSON.stringify(created.error)}`);
    const newKey: string = created.data.api_key;
    const keyId: string = created.data.id;
    expect(typeof newKey).toBe('string');
    expect(newKey.length).toBeGreaterThan(0);
    expect(created.data.name).toBe('partner key');
    expect(created.data.revoked_at).toBeNull();
    expect(created.data.expires_at).not.toBeNull();
    const expiresIn = Date.parse(created.data.expires_at ?? '') - Date.parse(created.data.created_at);
    expect(Math.round(expiresIn / 86_400_000)).toBe(30);

    // The new key works on its own, for the same account.
    const withNewKey = clientFor(newKey);
    const meAgain = await withNewKey.GET('/v1/me');
    expect(meAgain.response.status).toBe(200);
    if (!meAgain.data) throw new Error(`GET /v1/me with the new key answered ${meAgain.response.status}: ${JSON.stringify(meAgain.error)}`);
    expect(meAgain.data.id).toBe(acct.account_id);
    expect(meAgain.data.key_id).toBe(keyId);

    // DELETE /v1/api-keys/{key_id}: the path parameter is typed.
    const revoked = await client.DELETE('/v1/api-keys/{key_id}', { params: { path: { key_id: keyId } } });
    expect(revoked.response.status).toBe(200);
    if (!revoked.data) throw new Error(`DELETE /v1/api-keys/{key_id} answered ${revoked.response.status}: ${JSON.stringify(revoked.error)}`);
    expect(revoked.data.id).toBe(keyId);
    expect(revoked.data.revoked_at).not.toBeNull();

    // The revoked key is refused on its next request, with a typed problem document.
    const refused = await withNewKey.GET('/v1/me');
    expect(refused.data).toBeUndefined();
    expect(refused.response.status).toBe(401);
    expect(refused.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    if (!refused.error) throw new Error('GET /v1/me with a revoked key answered without an error');
    expect(refused.error.code).toBe('revoked_api_key');
    expect(refused.error.status).toBe(401);
    expect(refused.error.instance).toBe('/v1/me');

    // GET /v1/api-keys: the query is typed; both keys are listed, newest first.
    const list = await client.GET('/v1/api-keys', { params: { query: { page: 1, per_page: 10 } } });
    expect(list.response.status).toBe(200);
    if (!list.data) throw new Error(`GET /v1/api-keys answered ${list.response.status}: ${JSON.stringify(list.error)}`);
    expect(list.data.total).toBe(2);
    expect(list.data.page).toBe(1);
    expect(list.data.pages).toBe(1);
    expect(list.data.items.map((k) => k.id)).toEqual([keyId, acct.key_id]);
    const [partnerKey, firstKey] = list.data.items;
    expect(partnerKey.name).toBe('partner key');
    expect(partnerKey.revoked_at).not.toBeNull();
    expect(firstKey.revoked_at).toBeNull();
    // The secret is shown only once, at creation.
    expect(list.data.items.every((k) => !('api_key' in k))).toBe(true);
  });

  test('gets a typed missing_api_key problem when it sends no key', async () => {
    const res = await clientFor().GET('/v1/me');
    expect(res.data).toBeUndefined();
    expect(res.response.status).toBe(401);
    if (!res.error) throw new Error('GET /v1/me without a key answered without an error');
    expect(res.error.code).toBe('missing_api_key');
    expect(res.error.status).toBe(401);
    expect(res.response.headers.get('www-authenticate')).toBe('Bearer realm="prospecting-api"');
  });
});
