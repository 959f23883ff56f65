// The frame of a staff page served by the Pages Router (docs/decisions/lists-without-runtime.md),
// as app/layout.tsx and app/@header make it for the App Router's: the skip link, the header
// (./site-header.tsx, with its own script), the page in <main>, the toast region, and the page's
// script (./page-script.ts). <html>'s colour scheme and <body>'s attributes are pages/_document.tsx's.
// A refusal (403) and a failed view (500) are shown in the same frame.
import Head from "next/head";
import type { ReactNode } from "react";
import { ToastRegion } from "@/components/ui/toast-region";
import { WIDE } from "@/components/ui/narrow-disclosure";
import { type IslandFiles, isShown, type PageFrame, type RefusedStatus, type ShownStatus } from "@/lib/layout/types";
import { NotAllowed, NotFound, PageFailed } from "./page-states";
import { pageScript } from "./page-script";
import { SiteHeader } from "./site-header";

export const SITE_NAME = "Momo Dashboard";

export function StaffFrame({
  frame,
  status,
  title,
  failed,
  script,
  islands,
  toast,
  children,
}: {
  frame: PageFrame;
  /** 200 (or a form sent back: 400, 409) shows the page; 403 says the role does not include it; 404 that there is no such record; 500 says `failed`. */
  status: ShownStatus | RefusedStatus;
  /** The page's title, before the site's name (as app/layout.tsx's template writes it). */
  title: string;
  /** What a failed view says, and the address Try again loads. */
  failed: { title: string; message: string; retry: string };
  /** The page's own script, after the frame's (inline, with the page's nonce); with the page only. */
  script?: string;
  /** The browser code of the page's islands (components/ui/island.tsx), loaded with the page only. */
  islands?: IslandFiles;
  /** A toast the page opens with. */
  toast?: string | null;
  /** The page, shown with a ShownStatus only (200, 400, 409). */
  children: ReactNode;
}) {
  const { header, nonce } = frame;
  const shown = isShown(status);
  const withIslands = shown && islands && islands.modules.length > 0 ? islands : null;
  return (
    <>
      <Head>
        <title>{`${status === 403 ? "Not allowed" : status === 404 ? "Not found" : title} · ${SITE_NAME}`}</title>
        <meta name="description" content="Charge customers' mobile money accounts and review the outcomes." />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.ico" sizes="any" />
      </Head>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-surface focus:p-2"
      >
        Skip to content
      </a>
      <SiteHeader
        path={header.path}
        mode={header.mode}
        member={header.member}
        business={header.business}
        enrolling={header.enrolling}
        unread={header.unread}
        nonce={nonce}
      />
      <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
        {shown ? (
          children
        ) : status === 403 ? (
          <NotAllowed />
        ) : status === 404 ? (
          <NotFound />
        ) : (
          <PageFailed {...failed} requestId={frame.requestId} />
        )}
      </main>
      <ToastRegion first={shown ? toast : null} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own script's text (./page-script.ts), its data JSON-escaped */}
      <script nonce={nonce ?? undefined} dangerouslySetInnerHTML={{ __html: pageScript(WIDE) }} />
      {shown && script ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own script's text, its data JSON-escaped
        <script nonce={nonce ?? undefined} dangerouslySetInnerHTML={{ __html: script }} />
      ) : null}
      {/* At a low priority: a module script is fetched at a high one, which would hold back the
          first paint. Async: a deferred module holds DOMContentLoaded (and the page's script
          waiting for it) until it has run. React hoists an async script to the top of <body>, so
          the module may run before its islands are parsed: it waits for them then
          (components/ui/island-client.tsx), and the islands' script in <head> hears a failed load
          (./island-script.ts). */}
      {withIslands?.modules.map((src) => (
        <script key={src} type="module" async src={src} nonce={nonce ?? undefined} fetchPriority="low" />
      ))}
    </>
  );
}
