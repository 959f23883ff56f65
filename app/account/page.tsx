import type { Metadata } from "next";
import { AccountView } from "@/components/account-view";
import { PageTitle } from "@/components/ui/card";

export const metadata: Metadata = { title: "Account" };

export default function AccountPage() {
  return (
    <>
      <PageTitle description="The upstream account behind the API key, as the upstream describes it.">Account</PageTitle>
      <AccountView />
    </>
  );
}
