import type { FieldError } from '../errors';

declare global {
  namespace Express {
    interface Request {
      /** The request id: the client's X-Request-Id when well-formed, else a new UUID. */
      requestId: string;
      /** Set by the JSON parser when the request had a JSON media type and no body at all. */
      emptyJsonBody?: boolean;
      /** Fields found wrong before the contract's validator ran; told with its own (src/platform/http/problem.ts). */
      inputErrors?: FieldError[];
    }
  }
}

export {};
