import type { RequestHandler } from 'express';
import type { AccountService } from '../services/accounts';
import type { Principal } from '../services/apiKeys';

export function getMe(accounts: AccountService): RequestHandler {
  return async (req, res) => {
    res.json(await accounts.me(req.principal as Principal));
  };
}
