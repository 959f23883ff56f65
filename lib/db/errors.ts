// What the database said when it refused a write, as node-postgres and PGlite report it (Drizzle
// wraps the driver's error as its cause).

/**
 * PostgreSQL's unique_violation (23505); with `constraint`, only a refusal by that index. The
 * index's name is in the error's `constraint` field, or at least in its message.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const x = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (x.code !== "23505") continue;
    return constraint === undefined || x.constraint === constraint || String(x.message).includes(`"${constraint}"`);
  }
  return false;
}
