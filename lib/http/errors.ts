// One error shape for every API answer: { error: { code, message, fields?, requestId } }, its status
// from the one table (./problems.ts). Unexpected errors become a plain 500 that names nothing
// internal; the details go to the server log, on a line with the same request id.
import * as z from "zod";
import "@/lib/zod";
import { AppError } from "@/lib/errors";
import { errorDetail, log } from "@/lib/log";
import { currentRequestId } from "./peer";
import { type ErrorCode, PROBLEMS } from "./problems";

export function errorResponse(
  code: ErrorCode,
  message?: string,
  extra: { fields?: Record<string, string>; retryAfterSeconds?: number } = {},
) {
  const { status, message: fallback } = PROBLEMS[code];
  // The request's id, for a person to quote to support (./request-id.ts).
  const requestId = currentRequestId();
  const error = {
    code,
    message: message || fallback,
    ...(extra.fields ? { fields: extra.fields } : {}),
    ...(requestId ? { requestId } : {}),
  };
  const headers = extra.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(extra.retryAfterSeconds) };
  return Response.json({ error }, { status, headers });
}

/** The status an error's code answers with (the one table, ./problems.ts). */
export function statusOf(code: ErrorCode): number {
  return PROBLEMS[code].status;
}

/** The first message for each field, keyed by its dotted path; a field the schema does not know, by its own name. */
function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) fields[[...issue.path, k].join(".")] ??= "Not a field of this request";
      continue;
    }
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function handleApiError(error: unknown): Response {
  if (error instanceof AppError) return errorResponse(error.code, error.message, error);
  // $ZodError, not ZodError: the form schemas are zod/mini's (lib/charges/schema.ts), whose
  // errors are not the chained API's ZodError; every zod error is a $ZodError.
  if (error instanceof z.core.$ZodError) return errorResponse("invalid_request", undefined, { fields: fieldErrors(error) });
  // The error's kind and where, never the values it carries (a query's parameters).
  const detail = errorDetail(error);
  log("error", "unhandled_api_error", { error: detail });
  // A value PostgreSQL refused (SQLSTATE class 22, data exception) that no schema caught: the
  // request was at fault, and nothing was written.
  if (typeof detail.code === "string" && detail.code.startsWith("22")) {
    return errorResponse("invalid_request", "A value in the request cannot be stored. Check the text for unusual characters.");
  }
  return errorResponse("internal_error");
}
