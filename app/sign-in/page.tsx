import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/session/sign-in-form";
import { Card, PageTitle } from "@/components/ui/card";
import { TextLink } from "@/components/ui/link";
import { currentMember, publicPage } from "@/lib/session/guards";
import { hasMembers } from "@/lib/team/members";
import { homeFor } from "@/lib/access/roles";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const member = await currentMember();
  if (member) redirect(homeFor(member.role));
  if (!(await hasMembers((await publicPage()).db))) redirect("/setup");
  const { next } = await searchParams;
  return (
    <div className="mx-auto max-w-sm">
      <PageTitle description="With your email and password.">Sign in</PageTitle>
      <Card>
        <SignInForm next={typeof next === "string" ? next : null} />
      </Card>
      <p className="mt-4">
        <TextLink tap href="/forgot-password">
          Forgot password?
        </TextLink>
      </p>
    </div>
  );
}
