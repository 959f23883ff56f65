"use client";
// One value the server rendered, kept current by asking again on a schedule: a charge's status
// while it is open, the budget left this minute. It asks only while the tab is in view (and once
// more when it comes back), drops an answer that arrives after a newer ask or after the page is
// left, and keeps the last value when an ask fails (saying so in `error`). The pages that share
// cached answers between components keep React Query (components/ui/providers.tsx); a page with
// one polled value loads this instead (docs/decisions/library-tanstack-query.md).
import { useCallback, useEffect, useRef, useState } from "react";

export type Polled<T> = {
  data: T;
  error: Error | null;
  /** Asks now; resolves once the answer (or the error) is in. */
  refetch: () => Promise<void>;
  /** Replaces the value (a newer one the server rendered). */
  set: (value: T) => void;
};

/** `every(data)`: how long until the next ask after this value, or false to stop asking. */
export function usePolled<T>(opts: {
  initial: T;
  load: (signal: AbortSignal) => Promise<T>;
  every: (data: T) => number | false;
}): Polled<T> {
  const [data, setData] = useState(opts.initial);
  const [error, setError] = useState<Error | null>(null);
  // The latest options without restarting the schedule on every render.
  const latest = useRef(opts);
  latest.current = opts;
  const asked = useRef<AbortController | null>(null);

  const refetch = useCallback(async () => {
    asked.current?.abort();
    const controller = new AbortController();
    asked.current = controller;
    try {
      const value = await latest.current.load(controller.signal);
      if (controller.signal.aborted) return;
      setData(value);
      setError(null);
    } catch (cause) {
      if (controller.signal.aborted) return;
      setError(cause instanceof Error ? cause : new Error(String(cause)));
    }
  }, []);

  // The next ask, timed from the latest value (or error); none while the tab is hidden.
  const wait = opts.every(data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new value or error restarts the wait.
  useEffect(() => {
    if (wait === false) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      if (!document.hidden) timer = setTimeout(() => void refetch(), wait);
    };
    const onVisibility = () => (document.hidden ? clearTimeout(timer) : void refetch());
    schedule();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [wait, data, error, refetch]);

  useEffect(() => () => asked.current?.abort(), []);
  return { data, error, refetch, set: setData };
}
