import type { Principal } from '../services/apiKeys';

declare global {
  namespace Express {
    interface Request {
      /** The request id: the client's X-Request-Id when well-formed, else a new UUID. */
      requestId: string;
      /** The authenticated caller; set on every /v1 operation that reaches a handler. */
      principal?: Principal;
    }
  }
}

export {};
