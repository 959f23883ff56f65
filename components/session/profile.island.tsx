// Your profile's island (pages/profile/index.tsx; docs/decisions/forms-as-islands.md): the
// password form, the sessions, two-factor, the email choices and the colour scheme — what the
// browser hydrates of the page, as one root (a page has one island). scripts/islands.mjs builds it
// for the browser and for the server.
import { EmailChoicesForm } from "@/components/notifications/email-choices-form";
import { AppearanceForm } from "@/components/team/appearance-form";
import { TwoFactorSection } from "@/components/two-factor/two-factor-section";
import { Card } from "@/components/ui/card";
import { defineIsland } from "@/components/ui/island";
import type { ProfileView } from "@/lib/session/types";
import { PasswordForm } from "./password-form";
import { SessionsList } from "./sessions-list";

function Profile({ me, idle, sessions, twoFactor, email, theme }: ProfileView) {
  return (
    <div className="space-y-6">
      <Card>
        <h2 className="text-lg font-semibold">Password</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">Changing it signs you out on every other device and browser.</p>
        <PasswordForm />
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Sessions</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">
          Where you are signed in. A session unused for {idle} ends by itself, and every session ends 12 hours after sign-in.
        </p>
        <SessionsList sessions={sessions} />
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Two-factor sign-in</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">A code from an authenticator app on your phone, asked after your password.</p>
        <TwoFactorSection enabled={twoFactor.enabled} required={twoFactor.required} account={me.email} />
      </Card>
      <Card>
        <h2 id="notifications" className="text-lg font-semibold">
          Notifications by email
        </h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">
          Everything also shows under the bell in the header; choose what comes by email too.
        </p>
        <EmailChoicesForm initial={email.choices} emailOn={email.on} digestHour={email.digestHour} />
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Appearance</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">Kept with your account, so it follows you to every device you sign in on.</p>
        <AppearanceForm initial={theme} />
      </Card>
    </div>
  );
}

export default defineIsland("profile", Profile);
