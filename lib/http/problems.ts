// The one table from an error's code to its HTTP status and the message a person reads when the
// code that raised it gave none. Use cases raise AppError (lib/errors.ts) with a code from here and
// know nothing of HTTP; the pipeline (lib/http/route.ts) answers { error: { code, message, fields? } }
// with the status found here. docs/api-errors.md lists the same table for API users.
export const PROBLEMS = {
  // The request itself
  malformed_json: { status: 400, message: "The request body is not valid JSON." },
  /** Answered by proxy.ts, before any route: a path with a %-escape that is not UTF-8. */
  malformed_path: { status: 400, message: "The address is not valid: it has a broken %-escape." },
  idempotency_key_required: { status: 400, message: "Send an Idempotency-Key header: a new one for each charge attempt." },
  unknown_format: { status: 400, message: "This file format is not one on offer." },
  body_too_large: { status: 413, message: "The request body is too large." },
  unsupported_media_type: { status: 415, message: "Send the body as JSON with Content-Type: application/json." },
  invalid_request: { status: 422, message: "Some fields need attention." },
  invalid_filters: { status: 422, message: "Some filters need attention." },
  invalid_rows: { status: 422, message: "Some rows need attention." },
  // Who is asking
  cross_origin: { status: 403, message: "Requests from other sites are refused." },
  unauthenticated: { status: 401, message: "Sign in to continue." },
  invalid_credentials: { status: 401, message: "The email or password is incorrect." },
  two_factor_expired: { status: 401, message: "The sign-in took too long. Sign in again." },
  forbidden: { status: 403, message: "Your role does not allow this." },
  deactivated: { status: 403, message: "This account is deactivated." },
  two_factor_required: { status: 403, message: "Enter the code from your authenticator app." },
  two_factor_enrolment_required: { status: 403, message: "Your role requires two-factor sign-in. Set it up first." },
  reauth_required: { status: 403, message: "Confirm it is you to continue." },
  maker_checker: { status: 403, message: "Another member must approve this batch." },
  wrong_password: { status: 422, message: "The password is incorrect." },
  wrong_code: { status: 422, message: "The code is incorrect." },
  code_reused: { status: 422, message: "That code was already used. Wait for the next one." },
  own_sessions: { status: 422, message: "End your own sessions from your profile." },
  own_factor: { status: 422, message: "Turn your own two-factor off from your profile." },
  too_many_attempts: { status: 429, message: "Too many attempts. Try again later." },
  too_many_invites: { status: 429, message: "Too many invitations for now. Try again later." },
  // Who is asking, on /api/v1/ (lib/api-keys/authenticate.ts)
  api_key_required: { status: 401, message: "Send your API key as Authorization: Bearer <key>." },
  api_key_invalid: { status: 401, message: "This API key is not valid: it was revoked, or never existed." },
  api_key_mode: { status: 401, message: "This API key is for the other mode (TEST or LIVE) than the dashboard runs." },
  insufficient_scope: { status: 403, message: "This API key lacks the scope this needs." },
  rate_limited: { status: 429, message: "Too many requests with this API key this minute. Try again shortly." },
  // What is asked for
  not_found: { status: 404, message: "Nothing has this id." },
  invite_not_found: { status: 404, message: "This invitation link is not known." },
  invite_used: { status: 410, message: "This invitation was already used." },
  invite_expired: { status: 410, message: "This invitation has expired." },
  invite_revoked: { status: 410, message: "This invitation was revoked." },
  reset_link_gone: { status: 410, message: "This reset link is no longer valid." },
  backups_elsewhere: { status: 409, message: "This dashboard runs on PostgreSQL: back it up with pg_dump." },
  reset_email_off: { status: 409, message: "This dashboard sends no email: ask an owner for a reset link." },
  pay_link_unknown: { status: 404, message: "This payment link is not known." },
  pay_link_closed: { status: 410, message: "This payment link takes no payments now." },
  // The state it is in
  idempotency_mismatch: { status: 422, message: "This idempotency key was already used for a different charge." },
  possible_duplicate: { status: 409, message: "A charge like this one was made a moment ago." },
  possible_duplicates: { status: 409, message: "Some rows repeat a charge: confirm to approve anyway." },
  batch_state: { status: 409, message: "This batch has changed: reload to see it as it is now." },
  request_state: { status: 409, message: "This payment request has changed: reload to see it as it is now." },
  api_key_state: { status: 409, message: "This API key is revoked already." },
  payment_in_progress: { status: 409, message: "A payment on this link is in progress." },
  payment_outcome_unknown: {
    status: 409,
    message: "Whether an earlier payment on this link went through is not known yet: do not pay again.",
  },
  share_email_unavailable: {
    status: 409,
    message: "This pay link cannot be emailed: email is off, or it was not made for a directory customer with an email address.",
  },
  customer_exists: { status: 409, message: "A customer with this number is already in the directory." },
  not_open: { status: 409, message: "This charge is settled already." },
  not_in_queue: { status: 409, message: "This charge is not in the reconciliation queue yet: the customer may still be approving it." },
  no_reference: { status: 409, message: "The upstream gave this charge no reference to look up." },
  not_reversible: { status: 409, message: "This charge cannot be reversed." },
  email_taken: { status: 409, message: "A member already has this email." },
  invite_pending: { status: 409, message: "An invitation to this email is waiting." },
  self_deactivation: { status: 409, message: "You cannot deactivate yourself." },
  last_owner: { status: 409, message: "The team needs at least one active owner." },
  two_factor_enabled: { status: 409, message: "Two-factor is on already." },
  two_factor_off: { status: 409, message: "Two-factor is off." },
  not_started: { status: 409, message: "Start setting up two-factor first." },
  invalid_logo: { status: 422, message: "The logo must be a PNG, JPEG or WebP image." },
  logo_too_large: { status: 413, message: "The logo is too large." },
  // The merchant's SMTP server refused or did not answer (a pay link emailed to its customer)
  email_failed: { status: 502, message: "The email could not be sent. Try again shortly." },
  // The upstream's budget
  budget_exhausted: { status: 429, message: "Charging is paused for a moment. Try again shortly." },
  // The upstream, when an answer of its own is what was asked for (GET /api/account): 504 when it did
  // not answer in time, 502 for any other failure, named after the outcome (lib/momo/outcome-codes.ts).
  upstream_timeout: { status: 504, message: "The upstream did not answer in time." },
  upstream_declined: { status: 502, message: "The upstream declined the request." },
  upstream_rejected: { status: 502, message: "The upstream refused the request." },
  upstream_invalid_request: { status: 502, message: "The upstream found the request invalid." },
  upstream_auth: { status: 502, message: "The upstream did not accept the API key." },
  upstream_rate_limited: { status: 502, message: "The upstream's request limit was reached. Try again shortly." },
  upstream_unreachable: { status: 502, message: "The upstream could not be reached." },
  upstream_network: { status: 502, message: "The connection to the upstream broke." },
  upstream_error: { status: 502, message: "The upstream had an internal error." },
  upstream_conflict: { status: 502, message: "The upstream reported a conflict." },
  upstream_unreadable_response: { status: 502, message: "The upstream's answer could not be read." },
  upstream_oversized_response: { status: 502, message: "The upstream's answer was too large to read." },
  upstream_answer_mismatch: { status: 502, message: "The upstream's answer did not match the request." },
  // Ours
  internal_error: { status: 500, message: "Something went wrong on our side. Nothing was charged twice; try again." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof PROBLEMS;
