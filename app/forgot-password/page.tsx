import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ForgotPasswordForm } from "@/components/session/forgot-password-form";
import { Card, PageTitle } from "@/components/ui/card";
import { TextLink } from "@/components/ui/link";
import { emailOn } from "@/lib/email/mailer";
import { currentMember } from "@/lib/session/guards";
import { RESET_EMAIL_MINUTES, RESET_LINK_HOURS } from "@/lib/session/password-reset";
import { HOME } from "@/lib/access/roles";

export const metadata: Metadata = { title: "Forgot password" };

// Anyone: the way back for a member who cannot sign in. Without email, the ways that are left.
export default async function ForgotPasswordPage() {
  const member = await currentMember();
  if (member) redirect(HOME);
  const mail = emailOn();
  return (
    <div className="mx-auto max-w-sm">
      <PageTitle
        description={
          mail
            ? `We email you a link to choose a new password. It works once, for ${RESET_EMAIL_MINUTES} minutes.`
            : "This dashboard sends no email, so a reset link comes from an owner of your team."
        }
      >
        Forgot your password?
      </PageTitle>
      <Card>
        {mail ? (
          <ForgotPasswordForm />
        ) : (
          <div className="space-y-3 text-base text-ink" data-testid="reset-without-email">
            <p>
              Ask an owner of your team: on the Team page they can make you a reset link, which works once, for {RESET_LINK_HOURS} hours.
            </p>
            <p>
              If you are the only owner, whoever runs the dashboard's server can set a new password there with{" "}
              <code className="break-all">npm run users:reset-password</code>.
            </p>
          </div>
        )}
      </Card>
      <p className="mt-4">
        <TextLink tap href="/sign-in">
          Back to sign-in
        </TextLink>
      </p>
    </div>
  );
}
