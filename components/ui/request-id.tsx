"use client";
// The id of the request that rendered the page (lib/http/request-id.ts), set by the root layout
// from the request's headers, so the error page can show it for a person to quote to support.
import { createContext, useContext, type ReactNode } from "react";

const RequestId = createContext<string | null>(null);

export function RequestIdProvider({ id, children }: { id: string | null; children: ReactNode }) {
  return <RequestId value={id}>{children}</RequestId>;
}

export function useRequestId(): string | null {
  return useContext(RequestId);
}
