import type { RequestHandler } from 'express';
import { listSecteurs, listWilayas, type SearchService } from '../services/search';
import type { SearchEntreprisesQuery, SecteurList, WilayaList } from '../types';

export function searchEntreprises(search: SearchService): RequestHandler {
  return async (req, res) => {
    res.json(await search.search(req.query as SearchEntreprisesQuery));
  };
}

export const getWilayas: RequestHandler = (_req, res) => {
  const body: WilayaList = listWilayas();
  res.json(body);
};

export const getSecteurs: RequestHandler = (_req, res) => {
  const body: SecteurList = listSecteurs();
  res.json(body);
};
