// What the result view and the timeline make of a charge: whose words its message is, repeated
// status checks folded into one entry, the latest hand resolution, and time ranges.
import { describe, expect, test } from "vitest";
import { messageSource } from "@/lib/charges/message-source";
import { collapseRepeatedChecks, type EventView, lastResolution } from "@/lib/charges/view";
import { formatTimeRange } from "@/lib/format";
import { mapChargeResponse, mapTransportFailure } from "@/lib/momo/status";

describe("messageSource", () => {
  const of = (o: { code: string | null; message: string }) => messageSource({ outcomeCode: o.code, message: o.message });

  test("the upstream's own words, in a success or in an error body, are the upstream's", () => {
    expect(of(mapChargeResponse(200, JSON.stringify({ status: "success", message: "Auto-authorized." })))).toBe("upstream");
    const error500 = mapChargeResponse(500, JSON.stringify({ error: { code: "internal_error", message: "Nothing was charged." } }));
    expect(error500).toMatchObject({ status: "unknown", message: "Nothing was charged." });
    expect(of(error500)).toBe("upstream");
  });

  test("what we say when the upstream said nothing usable is the dashboard's", () => {
    expect(of(mapTransportFailure("timeout"))).toBe("dashboard");
    expect(of(mapChargeResponse(502, "<html>Bad gateway</html>"))).toBe("dashboard");
    expect(of(mapChargeResponse(200, "not json"))).toBe("dashboard");
    expect(of(mapChargeResponse(202, JSON.stringify({ status: "pending" })))).toBe("dashboard");
    expect(of({ code: "interrupted", message: "The app stopped before the upstream's answer was recorded." })).toBe("dashboard");
    expect(of({ code: "duplicate_reference", message: "The upstream answered with reference TXN-1, which another charge has." })).toBe(
      "dashboard",
    );
  });

  test("a hand resolution's message is a person's note", () => {
    expect(of({ code: "reconciled", message: "Resolved by hand: wallet shows the debit" })).toBe("person");
  });
});

let nextId = 1;
const ev = (type: EventView["type"], at: string, extra: Partial<EventView> = {}): EventView => ({
  id: nextId++,
  type,
  status: null,
  at,
  actor: null,
  detail: {},
  rawBody: null,
  ...extra,
});
const failedCheck = (at: string, extra: Partial<EventView> = {}) =>
  ev("status_checked", at, { detail: { answered: false, httpStatus: 503, code: "upstream_error", message: "Try later" }, ...extra });

describe("collapseRepeatedChecks", () => {
  test("identical checks in a row become one entry, the latest, with the count and the first time", () => {
    const checks = ["09:02", "09:04", "09:06"].map((t) => failedCheck(`2025-03-14T${t}:00Z`));
    const out = collapseRepeatedChecks([ev("created", "2025-03-14T09:00:00Z"), ...checks]);
    expect(out).toHaveLength(2);
    expect(out[1]).toMatchObject({ id: checks[2].id, at: "2025-03-14T09:06:00Z", repeats: { count: 3, firstAt: "2025-03-14T09:02:00Z" } });
  });

  test("a single check, and checks that differ in outcome, actor or status, stay apart", () => {
    const ama = { id: "u1", name: "Ama", email: "ama@example.com", role: "support" as const };
    const events = [
      failedCheck("2025-03-14T09:02:00Z"),
      failedCheck("2025-03-14T09:03:00Z", { actor: ama }),
      ev("status_checked", "2025-03-14T09:04:00Z", { status: "pending", detail: { answered: true, httpStatus: 200, message: "Waiting" } }),
      ev("status_checked", "2025-03-14T09:05:00Z", { status: "success", detail: { answered: true, httpStatus: 200, message: "Paid" } }),
    ];
    const out = collapseRepeatedChecks(events);
    expect(out.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(out.every((e) => e.repeats === undefined)).toBe(true);
  });

  test("only consecutive checks are folded: another event between them keeps both runs", () => {
    const events = [
      failedCheck("2025-03-14T09:02:00Z"),
      failedCheck("2025-03-14T09:03:00Z"),
      ev("reconciled", "2025-03-14T09:04:00Z", { status: "failed", detail: { note: "n" } }),
      failedCheck("2025-03-14T09:05:00Z"),
    ];
    expect(collapseRepeatedChecks(events).map((e) => [e.type, e.repeats?.count ?? 1])).toEqual([
      ["status_checked", 2],
      ["reconciled", 1],
      ["status_checked", 1],
    ]);
  });

  test("events that are not status checks are never folded", () => {
    const events = [ev("interrupted", "2025-03-14T09:02:00Z"), ev("interrupted", "2025-03-14T09:02:00Z")];
    expect(collapseRepeatedChecks(events)).toHaveLength(2);
  });
});

test("lastResolution is the latest hand resolution's note, author and time", () => {
  const ama = { id: "u1", name: "Ama Mensah", email: "ama@example.com", role: "support" as const };
  expect(lastResolution([ev("created", "2025-03-14T09:00:00Z")])).toBeNull();
  const events = [
    ev("reconciled", "2025-03-14T09:10:00Z", { actor: null, detail: { note: "first" } }),
    ev("reconciled", "2025-03-14T09:20:00Z", { actor: ama, detail: { from: "unknown", note: "Wallet shows the debit" } }),
  ];
  expect(lastResolution(events)).toEqual({ note: "Wallet shows the debit", at: "2025-03-14T09:20:00Z", by: ama });
});

test("formatTimeRange gives the date once within a day, both dates across days, in the business's zone", () => {
  expect(formatTimeRange("2025-03-14T09:02:03Z", "2025-03-14T14:05:40Z", "Africa/Accra")).toBe("14 Mar 2025, 09:02:03–14:05:40");
  expect(formatTimeRange("2025-03-14T23:59:00Z", "2025-03-15T00:01:00Z", "Africa/Accra")).toBe(
    "14 Mar 2025, 23:59:00 – 15 Mar 2025, 00:01:00",
  );
  // The same two moments are one day in Nairobi (UTC+3): 02:59 to 03:01 on the 15th.
  expect(formatTimeRange("2025-03-14T23:59:00Z", "2025-03-15T00:01:00Z", "Africa/Nairobi")).toBe("15 Mar 2025, 02:59:00–03:01:00");
});
