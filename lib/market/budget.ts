// What the screen may know of the outbound budget (lib/momo/budget.ts keeps the budget itself).

/** `pausedUntil`: when an upstream 429's pause ends (ISO time), or null. */
export type BudgetStatus = { limit: number; used: number; left: number; pausedForMs: number; pausedUntil: string | null; windowMs: number };
