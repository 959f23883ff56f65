"use client";
// The history's Export CSV link (and any download behind a recent proof: the audit log's, a backup). The export asks for a recent password proof (lib/session/fresh.ts),
// and a download cannot show a dialog: so the click asks the server first and, when the proof is
// stale, opens the re-auth dialog before the download starts. Before the page's scripts run, the
// plain link still works: a stale proof then leads to the /reauth page, which says why.
import type { MouseEvent } from "react";
import { ensureFreshProof } from "@/components/ui/fetch-json";
import { toast } from "@/components/ui/toast";

export function ExportLink({ href, className, children = "Export CSV" }: { href: string; className: string; children?: string }) {
  async function onClick(e: MouseEvent<HTMLAnchorElement>) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    try {
      if (await ensureFreshProof()) window.location.assign(href);
    } catch (error) {
      toast(`The export could not start: ${(error as Error).message}`);
    }
  }
  return (
    <a href={href} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
