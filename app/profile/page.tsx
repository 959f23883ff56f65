import type { Metadata } from "next";
import { AppearanceForm } from "@/components/team/appearance-form";
import { EmailChoicesForm } from "@/components/notifications/email-choices-form";
import { emailOn } from "@/lib/email/mailer";
import { env } from "@/lib/env";
import { emailChoicesOf } from "@/lib/notifications/settings";
import { PasswordForm } from "@/components/session/password-form";
import { SessionsList } from "@/components/session/sessions-list";
import { TwoFactorSection } from "@/components/two-factor/two-factor-section";
import { Card, PageTitle } from "@/components/ui/card";
import { currentSession, requirePage, themeOfMember } from "@/lib/session/guards";
import { ROLE_LABELS } from "@/lib/access/roles";
import { sessionPolicy } from "@/lib/session/policy";
import { listSessions } from "@/lib/session/sessions";
import { twoFactorOn, twoFactorRoles } from "@/lib/two-factor/policy";

export const metadata: Metadata = { title: "Your profile" };

/** "30 minutes", "90 seconds": the idle timeout as configured. */
function idleText(ms: number): string {
  const minutes = ms / 60_000;
  return Number.isInteger(minutes) ? `${minutes} ${minutes === 1 ? "minute" : "minutes"}` : `${Math.round(ms / 1000)} seconds`;
}

// Every member's own page: who they are, their password, their sessions and their colour scheme. Each section is its own card.
export default async function ProfilePage() {
  const asker = await requirePage("profile:own", "/profile");
  const { member: me, db } = asker;
  const theme = themeOfMember(me);
  const current = await currentSession();
  const [twoFactor, required, sessions, choices] = await Promise.all([
    twoFactorOn(db, me.id),
    twoFactorRoles(db),
    listSessions(asker, current?.id ?? null),
    emailChoicesOf(asker),
  ]);
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <PageTitle description={`${me.name} · ${me.email} · ${ROLE_LABELS[me.role]}`}>Your profile</PageTitle>
      <Card>
        <h2 className="text-lg font-semibold">Password</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">Changing it signs you out on every other device and browser.</p>
        <PasswordForm />
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Sessions</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">
          Where you are signed in. A session unused for {idleText(sessionPolicy().idleMs)} ends by itself, and every session ends 12 hours
          after sign-in.
        </p>
        <SessionsList sessions={sessions} />
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Two-factor sign-in</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">A code from an authenticator app on your phone, asked after your password.</p>
        <TwoFactorSection enabled={twoFactor} required={required.includes(me.role)} account={me.email} />
      </Card>
      <Card>
        <h2 id="notifications" className="text-lg font-semibold">
          Notifications by email
        </h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">
          Everything also shows under the bell in the header; choose what comes by email too.
        </p>
        <EmailChoicesForm initial={choices} emailOn={emailOn()} digestHour={env().DIGEST_HOUR} />
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Appearance</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">Kept with your account, so it follows you to every device you sign in on.</p>
        <AppearanceForm initial={theme} />
      </Card>
    </div>
  );
}
