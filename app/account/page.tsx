import type { Metadata } from "next";
import { Suspense } from "react";
import { AccountView } from "@/components/account/account-view";
import { PageTitle } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/states";
import { requirePage } from "@/lib/session/guards";
import { readAccount } from "@/lib/momo/account";
import { BudgetExhausted } from "@/lib/momo/budget";
import type { Db } from "@/lib/db/open";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const { db } = await requirePage("account:read", "/account");
  return (
    <>
      <PageTitle description="The upstream account behind the API key, as the upstream describes it.">Account</PageTitle>
      {/* The page is shown at once; the upstream's answer follows as soon as it comes. */}
      <Suspense fallback={<LoadingState label="Asking the upstream for the account…" />}>
        <Account db={db} />
      </Suspense>
    </>
  );
}

async function Account({ db }: { db: Db }) {
  const answer = await readAccount(db).catch((error: unknown) => {
    if (error instanceof BudgetExhausted) return { ok: false as const, status: 429, code: "budget_exhausted", message: error.message };
    throw error;
  });
  return <AccountView answer={answer} />;
}
