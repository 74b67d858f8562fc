import type { Knex } from 'knex';
import { newestFirst, type PageWindow } from '../platform/db/pages';
import type { CompanyRow } from '../search';
import type { Mode } from '../platform/types';

export const LEAD_STATUTS = ['nouveau', 'contacte', 'qualifie', 'converti', 'perdu'] as const;
export type LeadStatut = (typeof LEAD_STATUTS)[number];

export interface ListRow {
  id: string;
  account_id: string;
  nom: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
  /** `test` when a test key created it (README, Test mode). */
  mode: Mode;
}

/** A lead with the company it is about (the columns the search shows). */
export interface LeadRow {
  id: string;
  list_id: string;
  entreprise_id: string;
  statut: LeadStatut;
  note: string | null;
  added_at: Date;
  updated_at: Date;
  company: Pick<CompanyRow, 'id' | 'nom' | 'wilaya_code' | 'secteur_id' | 'activite' | 'email' | 'telephone' | 'score_qualite'>;
}

/** Leads newest first; `seq` keeps the order given within one transaction. */
const LEAD_ORDER = [
  { column: 'l.added_at', order: 'desc' },
  { column: 'l.seq', order: 'desc' },
] as const;

const LEAD_COLUMNS = [
  'l.id', 'l.list_id', 'l.entreprise_id', 'l.statut', 'l.note', 'l.added_at', 'l.updated_at',
  'c.nom as c_nom', 'c.wilaya_code as c_wilaya_code', 'c.secteur_id as c_secteur_id', 'c.activite as c_activite',
  'c.email as c_email', 'c.telephone as c_telephone', 'c.score_qualite as c_score_qualite',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function toLeadRow(r: any): LeadRow {
  return {
    id: r.id,
    list_id: r.list_id,
    entreprise_id: r.entreprise_id,
    statut: r.statut,
    note: r.note,
    added_at: r.added_at,
    updated_at: r.updated_at,
    company: {
      id: r.entreprise_id,
      nom: r.c_nom,
      wilaya_code: r.c_wilaya_code,
      secteur_id: r.c_secteur_id,
      activite: r.c_activite,
      email: r.c_email,
      telephone: r.c_telephone,
      score_qualite: r.c_score_qualite,
    },
  };
}

export async function insertList(db: Knex, list: { id: string; account_id: string; nom: string; description: string | null; mode: Mode }): Promise<ListRow> {
  const [row] = await db<ListRow>('lists').insert(list).returning('*');
  return row;
}

export async function findList(db: Knex, accountId: string, listId: string): Promise<ListRow | undefined> {
  return db<ListRow>('lists').where({ id: listId, account_id: accountId }).first();
}

export async function listLists(db: Knex, accountId: string, page: PageWindow): Promise<{ total: number; rows: ListRow[] }> {
  return newestFirst<ListRow>(db, 'lists', { account_id: accountId }, page);
}

/**
 * Changes a list of the account (and moves its updated_at); with no change, only moves
 * updated_at, which also locks the row for the rest of the transaction. Undefined when the
 * account has no such list.
 */
export async function updateList(
  db: Knex,
  accountId: string,
  listId: string,
  changes: { nom?: string; description?: string | null } = {},
): Promise<ListRow | undefined> {
  const [row] = await db<ListRow>('lists')
    .where({ id: listId, account_id: accountId })
    .update({ ...changes, updated_at: db.fn.now() as unknown as Date })
    .returning('*');
  return row;
}

export async function deleteList(db: Knex, accountId: string, listId: string): Promise<boolean> {
  const rows = await db('lists').where({ id: listId, account_id: accountId }).delete().returning('id');
  return rows.length === 1;
}

/** How many leads each list holds. */
export async function countLeads(db: Knex, listIds: string[]): Promise<Map<string, number>> {
  if (listIds.length === 0) return new Map();
  const rows: { list_id: string; n: number | string }[] = await db('leads')
    .whereIn('list_id', listIds)
    .groupBy('list_id')
    .select('list_id', db.raw('count(*) as n'));
  return new Map(rows.map((r) => [String(r.list_id), Number(r.n)]));
}

/** The `perList` most recently added leads of each list, newest first. */
export async function recentLeads(db: Knex, listIds: string[], perList: number): Promise<LeadRow[]> {
  if (listIds.length === 0) return [];
  const ranked = db('leads')
    .whereIn('list_id', listIds)
    .select('*', db.raw('row_number() over (partition by list_id order by added_at desc, seq desc) as rn'))
    .as('l');
  const rows = await db
    .from(ranked)
    .join('companies as c', 'c.id', 'l.entreprise_id')
    .where('l.rn', '<=', perList)
    .select(LEAD_COLUMNS)
    .orderBy([...LEAD_ORDER]);
  return rows.map(toLeadRow);
}

function leadsOf(db: Knex, listId: string, statuts: readonly LeadStatut[]): Knex.QueryBuilder {
  const q = db('leads as l').where('l.list_id', listId);
  if (statuts.length > 0) q.whereIn('l.statut', statuts);
  return q;
}

/** One page of a list's leads, newest first, filtered by status. */
export async function listLeads(
  db: Knex,
  listId: string,
  statuts: readonly LeadStatut[],
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: LeadRow[] }> {
  const [count, rows] = await Promise.all([
    leadsOf(db, listId, statuts).count<{ n: number }[]>({ n: '*' }).first(),
    leadsOf(db, listId, statuts)
      .join('companies as c', 'c.id', 'l.entreprise_id')
      .select(LEAD_COLUMNS)
      .orderBy([...LEAD_ORDER])
      .offset(page.offset)
      .limit(page.limit),
  ]);
  return { total: Number(count?.n ?? 0), rows: rows.map(toLeadRow) };
}

/** Every lead of a list, newest first (the export). */
export async function allLeads(db: Knex, listId: string): Promise<LeadRow[]> {
  const rows = await leadsOf(db, listId, []).join('companies as c', 'c.id', 'l.entreprise_id').select(LEAD_COLUMNS).orderBy([...LEAD_ORDER]);
  return rows.map(toLeadRow);
}

export async function findLeads(db: Knex, leadIds: string[]): Promise<LeadRow[]> {
  if (leadIds.length === 0) return [];
  const rows = await db('leads as l').join('companies as c', 'c.id', 'l.entreprise_id').whereIn('l.id', leadIds).select(LEAD_COLUMNS);
  return rows.map(toLeadRow);
}

/** The ids among `ids` that are companies of the database. */
export async function existingCompanyIds(db: Knex, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db('companies').whereIn('id', ids).select('id');
  return new Set(rows.map((r) => String(r.id)));
}

/**
 * Adds leads, in the order given; a company already in the list is skipped. Returns the
 * companies added, with their new lead ids.
 */
export async function insertLeads(
  db: Knex,
  listId: string,
  leads: { id: string; entreprise_id: string; statut?: LeadStatut; note?: string | null }[],
): Promise<{ id: string; entreprise_id: string }[]> {
  if (leads.length === 0) return [];
  const rows = leads.map((l) => ({
    id: l.id,
    list_id: listId,
    entreprise_id: l.entreprise_id,
    statut: l.statut ?? 'nouveau',
    note: l.note ?? null,
  }));
  return db('leads').insert(rows).onConflict(['list_id', 'entreprise_id']).ignore().returning(['id', 'entreprise_id']);
}

/** Changes a lead of a list; false when the list has no such lead. */
export async function updateLead(
  db: Knex,
  listId: string,
  leadId: string,
  changes: { statut?: LeadStatut; note?: string | null },
): Promise<boolean> {
  const rows = await db('leads')
    .where({ id: leadId, list_id: listId })
    .update({ ...changes, updated_at: db.fn.now() })
    .returning('id');
  return rows.length === 1;
}

export async function deleteLead(db: Knex, listId: string, leadId: string): Promise<boolean> {
  const rows = await db('leads').where({ id: leadId, list_id: listId }).delete().returning('id');
  return rows.length === 1;
}
