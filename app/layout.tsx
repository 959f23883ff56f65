import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { ReauthDialog } from "@/components/session/reauth-dialog";
import { SiteHeader } from "@/components/layout/site-header";
import { TimeZoneProvider } from "@/components/ui/time-zone";
import { Toaster } from "@/components/ui/toast";
import { currentMember, mustStillEnrol, themeOfMember } from "@/lib/session/guards";
import { sessionPolicy } from "@/lib/session/policy";
import { currentBusiness } from "@/lib/business/current";
import { upstreamMode } from "@/lib/momo/config";
import { getDb } from "@/lib/db/client";
import { unreadCount } from "@/lib/notifications/queries";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Momo Dashboard", template: "%s · Momo Dashboard" },
  description: "Charge customers' mobile money accounts and review the outcomes.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Every page reads the ledger or the upstream at request time.
export const dynamic = "force-dynamic";

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Only the mode derived from the key reaches the page, never the key.
  const mode = upstreamMode();
  const member = await currentMember();
  // The member's colour scheme, pinned on <html> (app/globals.css); none follows the device.
  const theme = member ? themeOfMember(member) : "system";
  // The business's name, logo and time zone (the name and logo only for its members).
  const business = await currentBusiness();
  // A member who must still set up two-factor sees only Sign out (lib/two-factor/policy.ts).
  const enrolling = member ? await mustStillEnrol(member) : false;
  const unread = member && !enrolling ? await unreadCount(await getDb(), member) : 0;
  return (
    <html lang="en" data-theme={theme}>
      <body className="min-h-screen font-sans">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-surface focus:p-2"
        >
          Skip to content
        </a>
        <SiteHeader mode={mode} member={member} business={member ? business : null} enrolling={enrolling} unread={unread} />
        {/* React Query's provider is placed by the pages that use it (components/ui/providers.tsx). */}
        <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
          <TimeZoneProvider zone={business.timeZone}>{children}</TimeZoneProvider>
        </main>
        {/* The app's one toast region (components/ui/toast.tsx), kept across navigations. */}
        <Toaster />
        {/* Asks for the password again before a sensitive action on a stale proof (lib/session/fresh.ts). */}
        {member ? <ReauthDialog minutes={sessionPolicy().proofMs / 60_000} /> : null}
      </body>
    </html>
  );
}
