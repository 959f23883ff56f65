// The bounds of a retention period, shared by the command, the daily run's setting (lib/env.ts)
// and the use case. Plain numbers, so the environment's parser imports nothing else.

/** The shortest period accepted: a typo must not wipe last week's charges. */
export const MIN_RETENTION_DAYS = 30;
/** The longest: ten years, past any period a law asks for. */
export const MAX_RETENTION_DAYS = 3660;
