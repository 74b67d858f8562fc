import crypto from 'node:crypto';
import type { RequestHandler } from 'express';
import { containsSecret } from '../secrets';

const WELL_FORMED = /^[A-Za-z0-9._:-]{1,200}$/;

/**
 * Gives every request an id, echoing the client's own X-Request-Id when it is well-formed and
 * not token-shaped (a key pasted there is never echoed nor logged: a fresh id replaces it).
 */
export const requestId: RequestHandler = (req, res, next) => {
  const offered = req.get('x-request-id');
  req.requestId = offered && WELL_FORMED.test(offered) && !containsSecret(offered) ? offered : crypto.randomUUID();
  res.setHeader('X-Request-Id', req.requestId);
  next();
};
