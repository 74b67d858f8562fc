import crypto from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { Knex } from 'knex';
import { ESCAPED_CELL, escapeFormula } from '../platform/spreadsheet';
import { fold } from '../platform/text';
import { AppError, validationError, type FieldError } from '../platform/errors';
import * as lists from './listRepository';
import { findTask } from '../extraction';
import type { Lead, LeadAdd, LeadBulkResult, LeadPage, LeadStatut, List, ListCreate, ListPage, ListUpdate, LeadUpdate, Mode } from '../platform/types';
import { entrepriseFields, IMPORT_COLUMNS, originsOf, toEntreprise, type CompanyOrigin } from '../search';

/** How many leads a list embeds (its most recently added), in GET /v1/lists and GET /v1/lists/{id}. */
export const EMBEDDED_LEADS = 10;
/** The columns of the CSV export: the import's, then the lead's own. */
export const EXPORT_COLUMNS = [...IMPORT_COLUMNS, 'statut', 'note'] as const;
/** The export starts with a UTF-8 byte order mark, for spreadsheets (Excel) to read accents right. */
export const CSV_BOM = '\uFEFF';

export function toLead(row: lists.LeadRow, origin: CompanyOrigin): Lead {
  return {
    id: row.id,
    entreprise: toEntreprise(row.company, origin),
    statut: row.statut,
    note: row.note,
    added_at: row.added_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Leads as the contract shows them, their companies' origins read in one query. A lead's company
 * cannot be deleted while the lead exists (the lead goes with it); should one go between the
 * two reads, its lead shows no source and the dates of the lead itself.
 */
async function toLeads(db: Knex, rows: lists.LeadRow[]): Promise<Lead[]> {
  const origins = await originsOf(db, rows.map((r) => r.company.id));
  return rows.map((r) => toLead(r, origins.get(r.company.id) ?? { first_seen_at: r.added_at, updated_at: r.added_at, provenance: [] }));
}

function toList(row: lists.ListRow, count: number, leads: Lead[]): List {
  return {
    id: row.id,
    nom: row.nom,
    description: row.description,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    leads_count: count,
    leads,
    // Only a test key's list says its mode: a live list reads as it did before test mode.
    ...(row.mode === 'test' ? { mode: row.mode } : {}),
  };
}

function invalid(path: string, message: string): AppError {
  return validationError([{ path, message }]);
}

/** Lengths are checked by the contract; a name must also hold something other than spaces. */
function checkNom(nom: string | undefined): void {
  if (nom !== undefined && nom.trim() === '') throw invalid('/body/nom', 'must not be only spaces');
}

/** The three forms of POST /v1/lists/{id}/leads. */
export type LeadAddForm =
  | { kind: 'one'; entreprise_id: string; statut?: LeadStatut; note?: string | null }
  | { kind: 'ids'; entreprise_ids: string[] }
  | { kind: 'task'; task_id: string };

const FORM_FIELDS = ['entreprise_id', 'entreprise_ids', 'task_id'] as const;

/**
 * Which form a body is. The contract checks each field (types, formats, lengths, unknown
 * fields); the combination is checked here, because a oneOf in the contract makes the
 * validator report every branch's errors at once, which reads as noise.
 */
export function leadAddForm(body: LeadAdd): LeadAddForm {
  const given = FORM_FIELDS.filter((f) => body[f] !== undefined);
  if (given.length !== 1) {
    const message =
      given.length === 0 ? 'send one of entreprise_id, entreprise_ids or task_id' : `send only one of entreprise_id, entreprise_ids or task_id (got ${given.join(', ')})`;
    const errors: FieldError[] = given.length === 0 ? [{ path: '/body', message }] : given.map((f) => ({ path: `/body/${f}`, message }));
    throw new AppError('validation_failed', `body: ${message}`, { errors });
  }
  if (body.entreprise_id !== undefined) return { kind: 'one', entreprise_id: body.entreprise_id, statut: body.statut, note: body.note };
  const extra = (['statut', 'note'] as const).filter((f) => body[f] !== undefined);
  if (extra.length > 0) {
    const message = `only with entreprise_id (a bulk add adds leads as nouveau, without a note)`;
    throw validationError(extra.map((f) => ({ path: `/body/${f}`, message })));
  }
  return body.entreprise_ids !== undefined ? { kind: 'ids', entreprise_ids: body.entreprise_ids } : { kind: 'task', task_id: body.task_id! };
}

const listNotFound = (listId: string) => new AppError('resource_not_found', `No list ${listId} for this account.`);

/** A file name from a list's name: ASCII letters, digits and dashes. */
export function slug(nom: string): string {
  const s = fold(nom).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-+$/, '');
  return s === '' ? 'liste' : s;
}

/**
 * Prospecting lists: every operation is scoped to the calling account (another account's list
 * or lead is not found, never forbidden), and none touches the credit balance.
 */
export class ListService {
  constructor(private readonly db: Knex) {}

  private async withLeads(db: Knex, rows: lists.ListRow[]): Promise<List[]> {
    const ids = rows.map((r) => r.id);
    const [counts, recent] = await Promise.all([lists.countLeads(db, ids), lists.recentLeads(db, ids, EMBEDDED_LEADS)]);
    const leads = await toLeads(db, recent);
    const byList = new Map<string, Lead[]>(ids.map((id) => [id, []]));
    recent.forEach((lead, i) => byList.get(lead.list_id)?.push(leads[i]));
    return rows.map((r) => toList(r, counts.get(r.id) ?? 0, byList.get(r.id) ?? []));
  }

  private async ownList(accountId: string, listId: string, db: Knex = this.db): Promise<lists.ListRow> {
    const row = await lists.findList(db, accountId, listId);
    if (!row) throw listNotFound(listId);
    return row;
  }

  async list(accountId: string, page: number, perPage: number): Promise<ListPage> {
    const { total, rows } = await lists.listLists(this.db, accountId, { offset: (page - 1) * perPage, limit: perPage });
    return { total, page, pages: Math.ceil(total / perPage), items: await this.withLeads(this.db, rows) };
  }

  /** A new list, marked with the mode of the key that made it (`test` for a test key). */
  async create(accountId: string, body: ListCreate, mode: Mode = 'live'): Promise<List> {
    checkNom(body.nom);
    const row = await lists.insertList(this.db, { id: crypto.randomUUID(), account_id: accountId, nom: body.nom, description: body.description ?? null, mode });
    return toList(row, 0, []);
  }

  async get(accountId: string, listId: string): Promise<List> {
    const [list] = await this.withLeads(this.db, [await this.ownList(accountId, listId)]);
    return list;
  }

  async update(accountId: string, listId: string, body: ListUpdate): Promise<List> {
    checkNom(body.nom);
    const changes: { nom?: string; description?: string | null } = {};
    if (body.nom !== undefined) changes.nom = body.nom;
    if (body.description !== undefined) changes.description = body.description;
    const row = await lists.updateList(this.db, accountId, listId, changes);
    if (!row) throw listNotFound(listId);
    const [list] = await this.withLeads(this.db, [row]);
    return list;
  }

  async remove(accountId: string, listId: string): Promise<void> {
    if (!(await lists.deleteList(this.db, accountId, listId))) throw listNotFound(listId);
  }

  async leads(accountId: string, listId: string, statuts: readonly LeadStatut[], page: number, perPage: number): Promise<LeadPage> {
    await this.ownList(accountId, listId);
    const { total, rows } = await lists.listLeads(this.db, listId, [...new Set(statuts)], { offset: (page - 1) * perPage, limit: perPage });
    return { total, page, pages: Math.ceil(total / perPage), items: await toLeads(this.db, rows) };
  }

  /**
   * Adds one company (status 201 with the lead) or many (status 200 with what was added and
   * what was already there), in one transaction: the list is locked first (and its
   * updated_at moved), and any unknown company or task rolls everything back.
   */
  async addLeads(
    accountId: string,
    listId: string,
    body: LeadAdd,
  ): Promise<{ status: 201; body: Lead } | { status: 200; body: LeadBulkResult }> {
    const form = leadAddForm(body);
    return this.db.transaction(async (trx) => {
      if (!(await lists.updateList(trx, accountId, listId))) throw listNotFound(listId);

      if (form.kind === 'one') {
        const id = form.entreprise_id;
        if (!(await lists.existingCompanyIds(trx, [id])).has(id)) {
          throw new AppError('resource_not_found', `No company ${id}.`, { errors: [{ path: '/body/entreprise_id', message: `no company ${id}` }] });
        }
        const [added] = await lists.insertLeads(trx, listId, [{ id: crypto.randomUUID(), entreprise_id: id, statut: form.statut, note: form.note }]);
        if (!added) throw new AppError('lead_already_exists', `Company ${id} is already in list ${listId}.`);
        const [lead] = await toLeads(trx, await lists.findLeads(trx, [added.id]));
        return { status: 201 as const, body: lead };
      }

      let ids: string[];
      if (form.kind === 'task') {
        const task = await findTask(trx, accountId, form.task_id);
        if (!task) {
          throw new AppError('resource_not_found', `No extraction task ${form.task_id} for this account.`, {
            errors: [{ path: '/body/task_id', message: `no extraction task ${form.task_id} for this account` }],
          });
        }
        ids = [...new Set(task.entreprises.map((e) => e.id))];
      } else {
        ids = form.entreprise_ids;
      }

      const known = await lists.existingCompanyIds(trx, ids);
      const unknown: FieldError[] = [];
      const missing: string[] = [];
      ids.forEach((id, i) => {
        if (known.has(id)) return;
        missing.push(id);
        unknown.push({ path: form.kind === 'task' ? '/body/task_id' : `/body/entreprise_ids/${i}`, message: `no company ${id}` });
      });
      if (unknown.length > 0) {
        throw new AppError('resource_not_found', `No company ${missing.join(', ')}; nothing was added.`, { errors: unknown });
      }

      const inserted = await lists.insertLeads(trx, listId, ids.map((id) => ({ id: crypto.randomUUID(), entreprise_id: id })));
      const addedIds = new Set(inserted.map((r) => r.entreprise_id));
      const found = await lists.findLeads(trx, inserted.map((r) => r.id));
      const shown = await toLeads(trx, found);
      const rows = new Map(found.map((r, i) => [r.entreprise_id, shown[i]]));
      return {
        status: 200 as const,
        body: {
          added: ids.filter((id) => addedIds.has(id)).map((id) => rows.get(id)!),
          already_present: ids.filter((id) => !addedIds.has(id)),
        },
      };
    });
  }

  async updateLead(accountId: string, listId: string, leadId: string, body: LeadUpdate): Promise<Lead> {
    return this.db.transaction(async (trx) => {
      if (!(await lists.updateList(trx, accountId, listId))) throw listNotFound(listId);
      const changes: { statut?: LeadStatut; note?: string | null } = {};
      if (body.statut !== undefined) changes.statut = body.statut;
      if (body.note !== undefined) changes.note = body.note;
      if (!(await lists.updateLead(trx, listId, leadId, changes))) {
        throw new AppError('resource_not_found', `No lead ${leadId} in list ${listId}.`);
      }
      const [lead] = await toLeads(trx, await lists.findLeads(trx, [leadId]));
      return lead;
    });
  }

  async removeLead(accountId: string, listId: string, leadId: string): Promise<void> {
    await this.db.transaction(async (trx) => {
      if (!(await lists.updateList(trx, accountId, listId))) throw listNotFound(listId);
      if (!(await lists.deleteLead(trx, listId, leadId))) throw new AppError('resource_not_found', `No lead ${leadId} in list ${listId}.`);
    });
  }

  /**
   * The list's leads as CSV (RFC 4180, CRLF, UTF-8 with a BOM) and a file name for it; a cell
   * that would start a formula gets a single quote before it and is quoted (OWASP), which the
   * import undoes.
   */
  async exportCsv(accountId: string, listId: string): Promise<{ filename: string; csv: string }> {
    const list = await this.ownList(accountId, listId);
    const rows = await lists.allLeads(this.db, listId);
    const records = rows.map((row) => {
      const e = entrepriseFields(row.company);
      // Cells that a spreadsheet would run as a formula are written as text (see src/platform/spreadsheet.ts).
      return [e.nom, e.wilaya, e.secteur ?? '', e.activite ?? '', e.email ?? '', e.telephone ?? '', String(e.score_qualite), row.statut, row.note ?? ''].map(escapeFormula);
    });
    const csv = stringify(records, { header: true, columns: [...EXPORT_COLUMNS], record_delimiter: 'windows', quoted_match: [/[\r\n]/, ESCAPED_CELL] });
    return { filename: `${slug(list.nom)}.csv`, csv: CSV_BOM + csv };
  }
}
