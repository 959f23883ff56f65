import type { Metadata } from "next";
import { AppearanceForm } from "@/components/profile/appearance-form";
import { Card, PageTitle } from "@/components/ui/card";
import { requirePage } from "@/lib/auth/guards";
import { themeOf } from "@/lib/auth/member-settings";
import { getDb } from "@/lib/db/client";

export const metadata: Metadata = { title: "Your profile" };

export default async function ProfilePage() {
  const member = await requirePage("profile:own", "/profile");
  const theme = await themeOf(await getDb(), member.id);
  return (
    <>
      <PageTitle description={`${member.name} · ${member.email}`}>Your profile</PageTitle>
      <Card>
        <h2 className="text-lg font-semibold">Appearance</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">Kept with your account, so it follows you to every device you sign in on.</p>
        <AppearanceForm initial={theme} />
      </Card>
    </>
  );
}
