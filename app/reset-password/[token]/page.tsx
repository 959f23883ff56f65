import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/session/reset-password-form";
import { Card, PageTitle } from "@/components/ui/card";
import { TextLink } from "@/components/ui/link";
import { getAuth } from "@/lib/session/auth";
import { RESET_EMAIL_MINUTES, RESET_LINK_HOURS, resetLinkOpen } from "@/lib/session/password-reset";

export const metadata: Metadata = { title: "Choose a new password" };

// Opened from a reset link (emailed, or an owner's): no session needed, the link is the proof.
export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const open = await resetLinkOpen(await getAuth(), token);
  if (!open) {
    return (
      <div className="mx-auto max-w-sm">
        <PageTitle
          description={`Reset links work once and lapse: ${RESET_EMAIL_MINUTES} minutes for an emailed one, ${RESET_LINK_HOURS} hours for an owner's. A reset already made ends the others.`}
        >
          This reset link is no longer valid
        </PageTitle>
        <TextLink tap href="/forgot-password">
          Ask for a new link
        </TextLink>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-sm">
      <PageTitle description="Choose a new password. Your second factor, if you have one, stays as it is.">Choose a new password</PageTitle>
      <Card>
        <ResetPasswordForm token={token} />
      </Card>
    </div>
  );
}
