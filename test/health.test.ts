import request from 'supertest';
import { createTestContext } from './helpers/app';

describe('health endpoints', () => {
  test('/healthz and /readyz answer while the database is up; /readyz answers 503 once it is gone', async () => {
    const ctx = await createTestContext();
    const health = await request(ctx.app).get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    await request(ctx.app).get('/readyz').expect(200, { status: 'ready' });
    await ctx.close();
    const ready = await request(ctx.app).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ code: 'service_unavailable', status: 503 });
    await request(ctx.app).get('/healthz').expect(200);
  });
});
