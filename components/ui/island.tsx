// An island: a component of a page served without the framework's runtime that the browser
// hydrates on its own (docs/decisions/forms-as-islands.md) — a form and what it shows, never the
// page around it. One definition serves both sides: the server renders it into the page's HTML
// (components/layout/island-slot.tsx) and its entry (`<name>.island.tsx`, built by
// scripts/islands.mjs) hydrates the same tree in the browser (./island-client.tsx). Its props
// travel as JSON, so they hold plain data only.
import { type ComponentType, useEffect } from "react";
import type { IslandContext } from "@/lib/layout/types";
import { RequestIdProvider } from "./request-id";
import { TimeZoneProvider } from "./time-zone";
import { SubmitsHeld } from "./use-hydrated";

export type Island<P> = { name: string; Component: ComponentType<P> };

/** `name`: the entry's file name (components/<feature>/<name>.island.tsx), unique in the app. */
export function defineIsland<P>(name: string, Component: ComponentType<P>): Island<P> {
  return { name, Component };
}

/** The tree an island renders, on the server and in the browser alike; `onReady` once hydrated. */
export function IslandTree<P extends object>({
  island,
  props,
  context,
  onReady,
}: {
  island: Island<P>;
  props: P;
  context: IslandContext;
  onReady?: () => void;
}) {
  useEffect(() => onReady?.(), [onReady]);
  const { Component } = island;
  return (
    <TimeZoneProvider zone={context.timeZone}>
      <RequestIdProvider id={context.requestId}>
        <SubmitsHeld value={true}>
          <Component {...props} />
        </SubmitsHeld>
      </RequestIdProvider>
    </TimeZoneProvider>
  );
}
