"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";

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
        const res = await fetch("/api/session", { method: "DELETE" }).catch(() => null);
        if (res && (res.ok || res.status === 401)) {
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
