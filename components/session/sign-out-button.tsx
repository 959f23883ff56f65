"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { HttpError, sendJson } from "@/lib/fetch-json";

export function SignOutButton({ className = "" }: { className?: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        setFailed(false);
        // A session already gone (401) is signed out too.
        const out = await sendJson("DELETE", "/api/session").then(
          () => true,
          (e) => e instanceof HttpError && e.status === 401,
        );
        if (out) {
          router.replace("/sign-in");
          router.refresh();
        } else {
          setFailed(true);
          setBusy(false);
        }
      }}
      className={`shrink-0 whitespace-nowrap rounded-lg px-2 py-1 text-sm font-medium text-ink-muted hover:bg-canvas hover:text-ink ${className}`}
    >
      {failed ? "Sign out failed — retry" : busy ? "Signing out…" : "Sign out"}
    </button>
  );
}
