import type { RequestHandler } from 'express';
import type { AccountService } from './accountService';
import { principalOf } from './auth';
import type { ListCreditLedgerQuery } from '../platform/types';

export function getMe(accounts: AccountService): RequestHandler {
  return async (req, res) => {
    res.json(await accounts.me(principalOf(req)));
  };
}

export function listCreditLedger(accounts: AccountService): RequestHandler {
  return async (req, res) => {
    const { page = 1, per_page = 20 } = req.query as ListCreditLedgerQuery;
    res.json(await accounts.ledger(principalOf(req).accountId, page, per_page));
  };
}
