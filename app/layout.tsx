import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { AppRouterNavigation } from "@/components/layout/app-router-navigation";
import { RequestIdProvider } from "@/components/ui/request-id";
import { TimeZoneProvider } from "@/components/ui/time-zone";
import { ToastRegion } from "@/components/ui/toast-region";
import { documentChrome } from "@/lib/layout/chrome";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Momo Dashboard", template: "%s · Momo Dashboard" },
  description: "Charge customers' mobile money accounts and review the outcomes.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Every page reads the ledger or the upstream at request time.
export const dynamic = "force-dynamic";

export default async function RootLayout({ children, header }: { children: ReactNode; header: ReactNode }) {
  const { theme, timeZone, proofMinutes } = await documentChrome();
  // The request's id (proxy.ts puts it in the headers), for the error page to show.
  const requestId = (await headers()).get("x-request-id");
  return (
    <html lang="en" data-theme={theme}>
      {/* The re-auth dialog's window (components/session/reauth-dialog.tsx, loaded when first needed):
          a setting, on every page, so a page signed into without a full load has it too. */}
      <body className="min-h-screen font-sans" data-proof-minutes={proofMinutes}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-surface focus:p-2"
        >
          Skip to content
        </a>
        {header}
        {/* React Query's provider is placed by the pages that use it (components/ui/providers.tsx). */}
        <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
          <TimeZoneProvider zone={timeZone}>
            <RequestIdProvider id={requestId}>
              <AppRouterNavigation>{children}</AppRouterNavigation>
            </RequestIdProvider>
          </TimeZoneProvider>
        </main>
        {/* The app's one toast region (components/ui/toast.ts), kept across navigations. */}
        <ToastRegion />
      </body>
    </html>
  );
}
