// An error a use case raises on purpose: a code a caller can act on (lib/http/problems.ts, the one
// table of codes), a message a person can read, and for a form the fields at fault. It says nothing
// of HTTP: the request pipeline turns it into an answer, a script into a line on stderr.
import type { ErrorCode } from "@/lib/http/problems";

export type { ErrorCode };

export type ErrorExtra = {
  /** The first message for each field at fault, keyed by its dotted path. */
  fields?: Record<string, string>;
  /** How long before asking again is worth it (a refusal for too many attempts, a paused budget). */
  retryAfterSeconds?: number;
};

export class AppError extends Error {
  readonly fields?: Record<string, string>;
  readonly retryAfterSeconds?: number;

  /** Without a message, the table's (lib/http/problems.ts) is the one a person reads. */
  constructor(
    readonly code: ErrorCode,
    message?: string,
    extra: ErrorExtra = {},
  ) {
    super(message ?? "");
    this.name = "AppError";
    this.fields = extra.fields;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}
