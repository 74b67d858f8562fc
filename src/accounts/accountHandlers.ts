import type { RequestHandler } from 'express';
import type { AccountService } from './accountService';
import { accountPage, principalOf } from './auth';

export function getMe(accounts: AccountService): RequestHandler {
  return async (req, res) => {
    res.json(await accounts.me(principalOf(req)));
  };
}

export function listCreditLedger(accounts: AccountService): RequestHandler {
  return accountPage((accountId, page, perPage) => accounts.ledger(accountId, page, perPage));
}
