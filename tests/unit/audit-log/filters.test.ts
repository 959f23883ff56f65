// The audit log's filters and CSV export on a real database: member, event and days counted in
// the business's time zone (a day in Pacific/Kiritimati starts 14 hours before UTC's), keyset
// pages, bad values named and dropped, and a CSV whose cells cannot run as formulas.
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { exportAuditCsv } from "@/lib/audit-log/export";
import { auditFiltersToParams, parseAuditFilters } from "@/lib/audit-log/filters";
import { audit } from "@/lib/audit/entries";
import { listAudit } from "@/lib/audit-log/queries";
import { describeAudit } from "@/lib/audit-log/describe";
import type { Db } from "@/lib/db/open";
import { backends, useLedger } from "../support/db";

describe("parseAuditFilters", () => {
  test("reads member, event and days as people type them", () => {
    expect(parseAuditFilters(new URLSearchParams("member=u_1&action=sign_in&from=23 Nov 2026&to=2026-11-24"))).toEqual({
      filters: { member: "u_1", action: "sign_in", from: "2026-11-23", to: "2026-11-24" },
      problems: {},
    });
  });

  test.each([
    ["action=constructor", { action: "Unknown action" }],
    ["action=drop table", { action: "Unknown action" }],
    ["member=a%20b", { member: "Unknown member" }],
    ["member=a%00b", { member: "Remove control characters" }],
    ["from=31 Feb 2026", { from: "Not a real date" }],
    ["from=11/23/2026", { from: "Use a date like 23 Nov 2026" }],
    ["from=2026-11-24&to=2026-11-23", { to: "The end date is before the start date" }],
    [`member=${"a".repeat(101)}`, { member: "At most 100 characters" }],
  ])("%s is named and dropped", (query, problems) => {
    const read = parseAuditFilters(new URLSearchParams(query));
    expect(read.problems).toEqual(problems);
    for (const key of Object.keys(problems)) expect(read.filters).not.toHaveProperty(key);
  });

  test("the export's audit entry names its selection in words, and links to it", () => {
    const filters = auditFiltersToParams({ member: "u_1", action: "role_changed", from: "2026-11-23" }).toString();
    const described = describeAudit({ action: "audit_exported", targetId: null, detail: { filters } }, (id) =>
      id === "u_1" ? "Ama Mensah" : undefined,
    );
    expect(described).toEqual({
      label: "Audit log exported (CSV)",
      details: ["Selection: member Ama Mensah, event “Role changed”, from 2026-11-23"],
      link: { href: `/audit?${filters}`, label: "Same selection" },
    });
    expect(describeAudit({ action: "audit_exported", targetId: null, detail: { filters: "(none)" } }).details).toEqual([
      "Selection: the whole log",
    ]);
  });
});

async function at(db: Db, iso: string, e: Parameters<typeof audit>[1]) {
  await audit(db, e);
  // Dated by hand (triggers off, as the chain's hash covers `at`): these tests are about days.
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw("SET LOCAL session_replication_role = replica"));
    await tx.execute(sql`update audit_events set at = ${iso}::timestamptz where id = (select max(id) from audit_events)`);
  });
}

describe.each(backends)("listAudit and the CSV export on $name", (backend) => {
  const db = useLedger(backend);
  const ama = { id: "u_ama", email: "ama@example.com" };
  const kofi = { id: "u_kofi", email: "kofi@example.com" };

  test("filters by member, event and days in the business's time zone, newest first, in keyset pages", async () => {
    await at(db(), "2026-11-22T09:59:00Z", { action: "sign_in", actor: ama }); // 22 Nov 23:59 in Kiritimati (UTC+14)
    await at(db(), "2026-11-22T10:00:00Z", { action: "sign_in", actor: kofi }); // 23 Nov 00:00 there
    await at(db(), "2026-11-23T12:00:00Z", { action: "role_changed", actor: ama });
    await at(db(), "2026-11-24T12:00:00Z", { action: "sign_in", actor: ama });
    const list = async (query: string, timeZone = "UTC", before?: number) =>
      (await listAudit(db(), { filters: parseAuditFilters(new URLSearchParams(query)).filters, timeZone, before })).map(
        (e) => `${e.actorEmail} ${e.action}`,
      );
    expect(await list("member=u_ama")).toEqual(["ama@example.com sign_in", "ama@example.com role_changed", "ama@example.com sign_in"]);
    expect(await list("action=sign_in&member=u_kofi")).toEqual(["kofi@example.com sign_in"]);
    expect(await list("from=2026-11-23&to=2026-11-23")).toEqual(["ama@example.com role_changed"]);
    expect(await list("to=2026-11-22", "Pacific/Kiritimati")).toEqual(["ama@example.com sign_in"]);
    expect(await list("from=23 Nov 2026&to=23 Nov 2026", "Pacific/Kiritimati")).toEqual(["kofi@example.com sign_in"]);
    expect(await list("from=24 Nov 2026&to=24 Nov 2026", "Pacific/Kiritimati")).toEqual(["ama@example.com role_changed"]);
    const [newest] = await listAudit(db(), { timeZone: "UTC", limit: 1 });
    expect(await list("action=sign_in", "UTC", newest.id)).toEqual(["kofi@example.com sign_in", "ama@example.com sign_in"]);
  });

  test("the CSV: exactly the selection in words, pages of any size, formula-looking cells made inert", async () => {
    await audit(db(), { action: "member_added", actor: ama, detail: { email: "=HYPERLINK(1)", role: "staff" }, ip: "-1+2" });
    for (let i = 0; i < 4; i++) await audit(db(), { action: "sign_in", actor: kofi });
    const read = async (query: string) => {
      const { filters } = parseAuditFilters(new URLSearchParams(query));
      const stream = await exportAuditCsv(db(), { filters, timeZone: "UTC", memberName: () => undefined, pageSize: 2 });
      const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
      expect(text.startsWith("\uFEFF")).toBe(true);
      expect(text).toContain("\r\n");
      return parse(text.slice(1), { columns: true }) as Record<string, string>[];
    };
    const all = await read("");
    expect(all).toHaveLength(5);
    expect(Object.keys(all[0])).toEqual([
      "time",
      "time_utc",
      "event",
      "event_code",
      "details",
      "member",
      "address",
      "target_id",
      "id",
      "hash",
    ]);
    const added = all[4];
    expect(added).toMatchObject({ event: "Member added", member: "ama@example.com", address: "'-1+2", event_code: "member_added" });
    expect(added.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(added.time_utc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(added.details).toBe("'=HYPERLINK(1) · as Staff");
    expect(added.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await read("member=u_kofi")).map((r) => r.event)).toEqual(Array(4).fill("Signed in"));
    expect(await read("action=role_changed")).toEqual([]);
  });
});
