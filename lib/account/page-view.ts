// The Account page's decisions (pages/account/index.tsx and components/account/account-view.tsx
// only render them): the upstream's record behind the API key, asked once as the page is rendered
// (through the outbound budget, lib/momo/account.ts), or why it could not be read; and the
// business's zone its timestamps are written in.
import "server-only";
import type { Asker } from "@/lib/access/types";
import { currentBusiness } from "@/lib/business";
import { readAccount } from "@/lib/momo/account";
import { BudgetExhausted } from "@/lib/momo/budget";

export async function accountPageView(ctx: Asker) {
  const { timeZone } = await currentBusiness();
  const answer = await readAccount(ctx.db).catch((error: unknown) => {
    if (error instanceof BudgetExhausted) return { ok: false as const, code: "budget_exhausted" as const, message: error.message };
    throw error;
  });
  return { timeZone, answer };
}

/** What the Account page shows. */
export type AccountPageView = Awaited<ReturnType<typeof accountPageView>>;
