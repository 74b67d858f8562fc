import type { RequestHandler } from 'express';
import type { AccountService } from './accountService';
import { principalOf } from './auth';
import { pageOf } from '../platform/http/query';

export function getMe(accounts: AccountService): RequestHandler {
  return async (req, res) => {
    res.json(await accounts.me(principalOf(req)));
  };
}

export function listCreditLedger(accounts: AccountService): RequestHandler {
  return async (req, res) => {
    const { page, perPage } = pageOf(req.query);
    res.json(await accounts.ledger(principalOf(req).accountId, page, perPage));
  };
}
