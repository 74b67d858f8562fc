import type { RequestHandler } from 'express';
import type { AccountService } from '../services/accounts';
import { principalOf } from '../http/auth';

export function getMe(accounts: AccountService): RequestHandler {
  return async (req, res) => {
    res.json(await accounts.me(principalOf(req)));
  };
}
