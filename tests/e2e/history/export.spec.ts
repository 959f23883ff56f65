// Export CSV: support filters the Transactions page and downloads exactly the rows it shows,
// newest first; staff may not export; an unreadable filter is refused, not widened, and the
// page offers no export while one is in the address.
import { readFile } from "node:fs/promises";
import { request, type APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { parse } from "csv-parse/sync";
import { uniqueDescription } from "../support/charge";
import { reauth } from "../support/reauth";
import { emailOf, stateOf } from "../support/users";

test.use({ role: "support" });
// Team changes and exports ask for a recent password proof; the saved session may be older.
test.beforeEach(async ({ page }) => reauth(page.request));

const json = { "Content-Type": "application/json" };

type Made = { id: string; status: string; reference: string | null };

async function chargeAsStaff(staff: APIRequestContext, description: string, amount: string, phoneNumber = "0240000001"): Promise<Made> {
  const key = `export_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
  const res = await staff.post("/api/charges", {
    data: { amount, currency: "GHS", phoneNumber, provider: "mtn", description },
    headers: { ...json, "Idempotency-Key": key },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).charge as Made;
}

test("support downloads exactly the filtered rows as CSV", async ({ page, baseURL }) => {
  const description = uniqueDescription("export");
  const staff = await request.newContext({ baseURL, storageState: stateOf("staff") });
  const made: Made[] = [];
  for (const amount of ["12.50", "3.00", "7.25"]) made.push(await chargeAsStaff(staff, `${description} ${amount}`, amount));
  const failed = await chargeAsStaff(staff, `${description} declined`, "1.00", "0240000004");
  await chargeAsStaff(staff, uniqueDescription("not-this-export"), "5.00");
  await staff.dispose();

  await page.goto("/transactions");
  await page.getByRole("searchbox", { name: "Search" }).fill(description);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toHaveAttribute("href", /^\/api\/charges\/export\?q=/);

  // Other tests export in parallel: only entries written after this mark are this export's.
  const owner = await request.newContext({ baseURL, storageState: stateOf("owner") });
  const exportsSince = async (mark: number) => {
    const res = await owner.get("/api/audit?action=charges_exported");
    expect(res.status(), await res.text()).toBe(200);
    const { events } = (await res.json()) as {
      events: { id: number; actorEmail: string; detail: { filters?: string; search?: { kind: string } } }[];
    };
    return events.filter((e) => e.id > mark);
  };
  const mark = Math.max(0, ...(await exportsSince(0)).map((e) => e.id));

  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^charges-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), "utf8");
  const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];

  // Newest first, exactly the four charges whose description matches.
  expect(rows.map((r) => r.charge_id)).toEqual([failed.id, ...made.map((c) => c.id).reverse()]);
  expect(rows[0]).toMatchObject({
    status: "Failed",
    status_code: "failed",
    amount: "1.00",
    description: `${description} declined`,
    made_by: emailOf("staff"),
  });
  const first = rows.find((r) => r.charge_id === made[0].id)!;
  expect(first).toMatchObject({
    status: "Success",
    status_code: "success",
    amount: "12.50",
    currency: "GHS",
    phone: "024 000 0001",
    network: "MTN Mobile Money",
    network_code: "mtn",
    description: `${description} 12.50`,
    made_by: emailOf("staff"),
    reference: made[0].reference,
  });
  // The business's wall clock, and UTC to the second beside it.
  expect(first.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(first.time_utc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  expect(first.settled_time).not.toBe("");

  // The owner sees who took which selection out of the system, without the words searched for
  // (customer data: docs/operations.md, "Personal data"); the download came after this export's entry.
  const mine = (await exportsSince(mark)).filter((e) => e.actorEmail === emailOf("support"));
  expect(mine.map((e) => e.detail)).toContainEqual({ filters: "(none)", search: { kind: "description" } });
  const { events } = await (await owner.get("/api/audit")).json();
  expect(JSON.stringify(events)).not.toContain(description);
  await owner.dispose();
});

test("the export answers with CSV headers; staff is refused; a bad filter is refused", async ({ baseURL }) => {
  const support = await request.newContext({ baseURL, storageState: stateOf("support") });
  await reauth(support);
  const ok = await support.get(`/api/charges/export?q=${encodeURIComponent(uniqueDescription("nothing-matches"))}`);
  expect(ok.status()).toBe(200);
  expect(ok.headers()).toMatchObject({ "content-type": "text/csv; charset=utf-8", "cache-control": "no-store" });
  expect(ok.headers()["content-disposition"]).toMatch(/^attachment; filename="charges-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(parse(await ok.text(), { bom: true, columns: true })).toEqual([]);

  const bad = await support.get("/api/charges/export?status=sideways&min=abc");
  expect(bad.status()).toBe(422);
  expect((await bad.json()).error).toMatchObject({
    code: "invalid_filters",
    fields: { status: expect.any(String), min: expect.any(String) },
  });
  await support.dispose();

  const staff = await request.newContext({ baseURL, storageState: stateOf("staff") });
  const refused = await staff.get("/api/charges/export");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toMatchObject({ code: "forbidden" });
  await staff.dispose();
});

test("the export link carries the page's exact filters, and is off while a filter is not valid", async ({ page, baseURL }) => {
  const description = uniqueDescription("export-exact");
  const staff = await request.newContext({ baseURL, storageState: stateOf("staff") });
  const ok = await chargeAsStaff(staff, `${description} ok`, "20.00");
  await chargeAsStaff(staff, `${description} declined`, "20.00", "0240000004");
  await chargeAsStaff(staff, `${description} small`, "2.00");
  await staff.dispose();

  // Every filter the page applies, a day typed as the app writes it included (the link carries it as an ISO day).
  const today = new Date().toISOString().slice(0, 10);
  const appToday = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(new Date());
  await page.goto(`/transactions?${new URLSearchParams({ q: description, status: "success", min: "10", from: appToday })}`);
  await expect(page.getByTestId("charge-row")).toHaveCount(1);
  const link = page.getByRole("link", { name: "Export CSV" });
  const expected = new URLSearchParams({ q: description, status: "success", min: "10", from: today });
  await expect(link).toHaveAttribute("href", `/api/charges/export?${expected}`);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const rows = parse(await readFile(await download.path(), "utf8"), { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.map((r) => r.charge_id)).toEqual([ok.id]);

  // One filter the page cannot read: the list ignores it and says so, and there is no export
  // (it would be the whole ledger, or the API's refusal), with the reason next to the button.
  for (const bad of ["status=bogus", `q=${encodeURIComponent(description)}&from=31+Apr+2026`, "min=abc"]) {
    await page.goto(`/transactions?${bad}`);
    await expect(page.getByRole("alert").filter({ hasText: "Some filters were not applied" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
    const off = page.getByRole("button", { name: "Export CSV" });
    await expect(off).toBeDisabled();
    await expect(off).toHaveAccessibleDescription("Export is off until every filter is valid, so the file holds exactly this list.");
  }

  // Fixing the filter brings the link back.
  await page.goto("/transactions?status=failed");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/api/charges/export?status=failed");
});
