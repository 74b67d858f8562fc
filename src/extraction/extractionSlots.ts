import type { Knex } from 'knex';

/** Whether a slot was taken, or how long until the first running extraction should end. */
export type SlotOutcome = { taken: true } | { taken: false; running: number; retryAfterMs: number };

/**
 * Takes one of the account's `limit` extraction slots for the run `id`, under a lock on the
 * account row so that concurrent requests (on any instance) cannot both take the last one. The
 * run is expected to end within `deadlineMs`; its slot is ignored after `leaseMs` (its process
 * died). Rows past their lease are deleted on the way.
 */
export async function takeExtractionSlot(
  db: Knex,
  slot: { id: string; accountId: string; limit: number; deadlineMs: number; leaseMs: number },
): Promise<SlotOutcome> {
  return db.transaction(async (trx) => {
    await trx('accounts').where({ id: slot.accountId }).forUpdate().first('id');
    await trx('running_extractions').where({ account_id: slot.accountId }).andWhereRaw('lease_until < now()').delete();
    const [row] = await trx('running_extractions')
      .where({ account_id: slot.accountId })
      .select(trx.raw('count(*)::int as running'), trx.raw('extract(epoch from (min(ends_by) - now())) * 1000 as ms_left'));
    const running = Number(row?.running ?? 0);
    if (running >= slot.limit) return { taken: false, running, retryAfterMs: Math.max(0, Number(row?.ms_left ?? 0)) };
    await trx('running_extractions').insert({
      id: slot.id,
      account_id: slot.accountId,
      ends_by: trx.raw('now() + make_interval(secs => ?)', [slot.deadlineMs / 1000]),
      lease_until: trx.raw('now() + make_interval(secs => ?)', [slot.leaseMs / 1000]),
    });
    return { taken: true };
  });
}

export async function releaseExtractionSlot(db: Knex, id: string): Promise<void> {
  await db('running_extractions').where({ id }).delete();
}
