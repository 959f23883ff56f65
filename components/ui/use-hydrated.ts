"use client";
// Whether React has taken over this page in the browser: false in the server's HTML and until
// hydration, true after (and on every render in the browser from then on).
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
