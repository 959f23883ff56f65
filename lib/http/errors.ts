// One error shape for every API answer: { error: { code, message, fields? } }. Unexpected
// errors become a plain 500 that names nothing internal; the details go to the server log.
import * as z from "zod";
import "@/lib/zod";
import { BatchError } from "@/lib/batches/batches";
import { ChargeError } from "@/lib/charges/errors";
import { errorDetail, log } from "@/lib/log";
import { BudgetExhausted } from "@/lib/momo/budget";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: HeadersInit,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function errorResponse(status: number, code: string, message: string, fields?: Record<string, string>, headers?: HeadersInit) {
  return Response.json({ error: fields ? { code, message, fields } : { code, message } }, { status, headers });
}

/** The first message for each field, keyed by its dotted path. */
function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function handleApiError(error: unknown): Response {
  if (error instanceof ApiError) return errorResponse(error.status, error.code, error.message, error.fields, error.headers);
  // $ZodError, not ZodError: the form schemas are zod/mini's (lib/charges/schema.ts), whose
  // errors are not the chained API's ZodError; every zod error is a $ZodError.
  if (error instanceof z.core.$ZodError) {
    return errorResponse(422, "invalid_request", "Some fields need attention.", fieldErrors(error));
  }
  if (error instanceof BatchError) return errorResponse(error.status, error.code, error.message, error.fields);
  if (error instanceof BudgetExhausted) {
    return errorResponse(429, "budget_exhausted", error.message, undefined, { "Retry-After": String(error.retryAfterSeconds) });
  }
  if (error instanceof ChargeError) {
    return errorResponse(error.code === "not_found" ? 404 : 422, error.code, error.message);
  }
  // The error's kind and where, never the values it carries (a query's parameters).
  const detail = errorDetail(error);
  log("error", "unhandled_api_error", { error: detail });
  // A value PostgreSQL refused (SQLSTATE class 22, data exception) that no schema caught: the
  // request was at fault, and nothing was written.
  if (typeof detail.code === "string" && detail.code.startsWith("22")) {
    return errorResponse(422, "invalid_request", "A value in the request cannot be stored. Check the text for unusual characters.");
  }
  return errorResponse(500, "internal_error", "Something went wrong on our side. Nothing was charged twice; try again.");
}
