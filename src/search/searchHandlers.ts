import type { RequestHandler } from 'express';
import { principalOf } from '../accounts';
import { SECTEUR_LIST, WILAYA_LIST, type SearchService } from './searchService';
import type { EntrepriseFacetsQuery, SearchEntreprisesQuery, SecteurList, WilayaList } from '../platform/types';

export function searchEntreprises(search: SearchService): RequestHandler {
  return async (req, res) => {
    // The contract's default fills `page` in: whether the client sent one is read from the URL.
    const pageSent = new URLSearchParams(req.originalUrl.split('?')[1] ?? '').has('page');
    res.json(await search.search(req.query as SearchEntreprisesQuery, principalOf(req).accountId, { pageSent }));
  };
}

export function getEntreprise(search: SearchService): RequestHandler {
  return async (req, res) => {
    res.json(await search.get(String(req.params.id)));
  };
}

export function getEntrepriseFacets(search: SearchService): RequestHandler {
  return async (req, res) => {
    res.json(await search.facets(req.query as EntrepriseFacetsQuery, principalOf(req).accountId));
  };
}

export const getWilayas: RequestHandler = (_req, res) => {
  const body: WilayaList = WILAYA_LIST;
  res.json(body);
};

export const getSecteurs: RequestHandler = (_req, res) => {
  const body: SecteurList = SECTEUR_LIST;
  res.json(body);
};
