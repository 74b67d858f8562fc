import type { Principal } from './apiKeyService';

// The accounts' part of Express's Request (the platform's part is in platform/http/express.d.ts).
declare global {
  namespace Express {
    interface Request {
      /** The authenticated caller; set on every /v1 operation that reaches a handler. */
      principal?: Principal;
    }
  }
}

export {};
