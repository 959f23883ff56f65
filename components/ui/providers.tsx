"use client";
// React Query's provider, placed by the pages whose components share cached answers (a batch's
// progress, updated both by its polling and by the answers to its actions), not by the root
// layout, so the other pages do not load React Query at all: their forms and buttons only send,
// through components/ui/use-action.ts, and a page with one polled value (a charge's result, the
// budget left this minute) keeps it current with components/ui/use-polled.ts.
// The browser keeps one client for the whole visit, as it did when the root layout held it.
// Each server render gets its own client, so nothing is shared between requests.
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { makeQueryClient } from "./query-client";

let browserClient: QueryClient | undefined;

function queryClient(): QueryClient {
  if (typeof window === "undefined") return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(queryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
