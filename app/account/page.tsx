import type { Metadata } from "next";
import { AccountView } from "@/components/account-view";
import { Providers } from "@/components/providers";
import { PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  await requirePage("account:read", "/account");
  return (
    <Providers>
      <PageTitle description="The upstream account behind the API key, as the upstream describes it.">Account</PageTitle>
      <AccountView />
    </Providers>
  );
}
