import type { RequestHandler } from 'express';
import type { AccountService } from './accountService';
import { principalOf } from './auth';

export function getMe(accounts: AccountService): RequestHandler {
  return async (req, res) => {
    res.json(await accounts.me(principalOf(req)));
  };
}
