"use client";
// Keeping a charge's result view current. While the charge is open (submitting or pending) the
// view asks the server every two seconds, and the server asks the upstream's status lookup; it
// stops by itself after RESULT_VIEW_WATCH_MS (a charge nobody answers must not be polled for hours
// from an open tab) until the person asks again. Past the reconciliation threshold the charge is
// "overdue": it waits for the background sweep and for support.
import { useEffect, useState } from "react";
import { RESULT_VIEW_WATCH_MS, type ChargeView } from "@/lib/charges/view";
import { fetchJson } from "@/components/ui/fetch-json";
import { usePolled } from "@/components/ui/use-polled";

const POLL_MS = 2_000;

export const isOpen = (status: ChargeView["status"]) => status === "pending" || status === "submitting";

export function useChargeWatch(initial: ChargeView, pendingMinutes: number) {
  const [watching, setWatching] = useState(true);
  const [watchFrom, setWatchFrom] = useState(() => Date.now());
  useEffect(() => {
    const timer = setTimeout(() => setWatching(false), watchFrom + RESULT_VIEW_WATCH_MS - Date.now());
    return () => clearTimeout(timer);
  }, [watchFrom]);

  const charge = usePolled({
    initial,
    load: (signal) => fetchJson<{ charge: ChargeView }>(`/api/charges/${initial.id}`, { signal }).then((r) => r.charge),
    every: (c) => (watching && isOpen(c.status) ? POLL_MS : false),
  });
  // A newer row from the server (after a hand resolution, say) replaces the one shown.
  const { data, set } = charge;
  useEffect(() => {
    if (data.id !== initial.id || data.updatedAt < initial.updatedAt) set(initial);
  }, [data.id, data.updatedAt, initial, set]);

  const overdue = useOverdue(initial.createdAt, pendingMinutes);
  /** Asks once more now, and watches for another RESULT_VIEW_WATCH_MS. */
  const checkAgain = () => {
    setWatching(true);
    setWatchFrom(Date.now());
    return charge.refetch();
  };
  return { charge, watching, overdue, checkAgain };
}

/** Whether the charge is older than the reconciliation threshold; turns true by itself when it gets there. */
function useOverdue(createdAt: string, minutes: number): boolean {
  const due = Date.parse(createdAt) + minutes * 60_000;
  const [overdue, setOverdue] = useState(() => Date.now() >= due);
  useEffect(() => {
    if (overdue) return;
    const timer = setTimeout(() => setOverdue(true), Math.max(0, due - Date.now()));
    return () => clearTimeout(timer);
  }, [overdue, due]);
  return overdue;
}
