import type { Knex } from 'knex';

/** Whether a slot was taken, or how long until the first running extraction should end. */
export type SlotOutcome = { taken: true } | { taken: false; running: number; retryAfterMs: number };

/**
 * Takes one of the account's `limit` extraction slots for the run `id`, under a lock on the
 * account row so that concurrent requests (on any instance) cannot both take the last one. The
 * account's background tasks admitted and not ended hold slots too (taskRepository.admitTasks,
 * under the same lock): a plan's limit counts both kinds of extraction. The
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
    // The account's background tasks admitted and not ended count too (running, or about to):
    // each is expected to end within the deadline of its start.
    const [row] = (
      await trx.raw(
        `select count(*)::int as running, extract(epoch from (min(ends_by) - now())) * 1000 as ms_left
           from (select ends_by from running_extractions where account_id = ?
                 union all
                 select coalesce(started_at, now()) + make_interval(secs => ?) from scraping_tasks
                  where account_id = ? and status in ('queued', 'running') and admitted_at is not null) slots`,
        [slot.accountId, slot.deadlineMs / 1000, slot.accountId],
      )
    ).rows as { running: number; ms_left: number | string | null }[];
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
