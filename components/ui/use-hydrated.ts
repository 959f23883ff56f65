"use client";
// Whether React has taken over this page in the browser: false in the server's HTML and until
// hydration, true after (and on every render in the browser from then on).
import { createContext, useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * True inside an island (./island.tsx): its page's script holds a form sent before hydration and
 * sends it again once the island is ready (components/layout/island-script.ts), so its buttons
 * need not wait for React.
 */
export const SubmitsHeld = createContext(false);
