import type { FieldError } from '../errors';
import type { Principal } from '../../accounts/apiKeyService';

declare global {
  namespace Express {
    interface Request {
      /** The request id: the client's X-Request-Id when well-formed, else a new UUID. */
      requestId: string;
      /** The authenticated caller; set on every /v1 operation that reaches a handler. */
      principal?: Principal;
      /** Set by the JSON parser when the request had a JSON media type and no body at all. */
      emptyJsonBody?: boolean;
      /** Fields found wrong before the contract's validator ran; told with its own (src/platform/http/problem.ts). */
      inputErrors?: FieldError[];
    }
  }
}

export {};
