import type { RequestHandler } from 'express';
import { accountPage, principalOf } from '../accounts';
import type { ListService } from './listService';
import type { LeadAdd, LeadAddBulk, LeadAddSingle, LeadUpdate, ListCreate, ListLeadsQuery, ListUpdate } from '../platform/types';

const account = (req: Parameters<RequestHandler>[0]) => principalOf(req).accountId;

export function listLists(lists: ListService): RequestHandler {
  return accountPage((accountId, page, perPage) => lists.list(accountId, page, perPage));
}

export function createList(lists: ListService): RequestHandler {
  return async (req, res) => {
    res.status(201).json(await lists.create(account(req), req.body as ListCreate, principalOf(req).mode));
  };
}

export function getList(lists: ListService): RequestHandler {
  return async (req, res) => {
    res.json(await lists.get(account(req), String(req.params.id)));
  };
}

export function updateList(lists: ListService): RequestHandler {
  return async (req, res) => {
    res.json(await lists.update(account(req), String(req.params.id), req.body as ListUpdate));
  };
}

export function deleteList(lists: ListService): RequestHandler {
  return async (req, res) => {
    await lists.remove(account(req), String(req.params.id));
    res.status(204).end();
  };
}

export function listLeads(lists: ListService): RequestHandler {
  return async (req, res) => {
    const { statut = [], page = 1, per_page = 20 } = req.query as ListLeadsQuery;
    res.json(await lists.leads(account(req), String(req.params.id), statut, page, per_page));
  };
}

/**
 * POST /v1/lists/{id}/leads and its one-shape forms: /leads/single (the contract requires
 * entreprise_id and allows nothing else) and /leads/bulk (entreprise_ids or task_id, exactly one,
 * checked by the service as for POST .../leads). The validator has checked the body's shape.
 */
export function addLeads(lists: ListService): RequestHandler {
  return async (req, res) => {
    const answer = await lists.addLeads(account(req), String(req.params.id), req.body as LeadAdd | LeadAddSingle | LeadAddBulk);
    res.status(answer.status).json(answer.body);
  };
}
export const addLead = addLeads;
export const addLeadsBulk = addLeads;

export function updateLead(lists: ListService): RequestHandler {
  return async (req, res) => {
    res.json(await lists.updateLead(account(req), String(req.params.id), String(req.params.lead_id), req.body as LeadUpdate));
  };
}

export function deleteLead(lists: ListService): RequestHandler {
  return async (req, res) => {
    await lists.removeLead(account(req), String(req.params.id), String(req.params.lead_id));
    res.status(204).end();
  };
}

export function exportList(lists: ListService): RequestHandler {
  return async (req, res) => {
    const { filename, csv } = await lists.exportCsv(account(req), String(req.params.id));
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.type('text/csv; charset=utf-8').send(csv);
  };
}
