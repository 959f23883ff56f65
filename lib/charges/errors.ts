// Errors the charge use case raises on purpose; route handlers turn them into responses.
export class ChargeError extends Error {
  constructor(
    readonly code: "idempotency_mismatch" | "not_found",
    message: string,
  ) {
    super(message);
    this.name = "ChargeError";
  }
}
