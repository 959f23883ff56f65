// Support settles the unclear charges; the sweep settles the pending ones nobody watches.
import { expect, test } from "../support/fixtures";
import { apiAs, chargeVia } from "../support/api";
import { uniqueDescription } from "../support/charge";
import { remember } from "../support/used-text";

test.use({ role: "support" });

test("support resolves an unknown charge by hand, with a mandatory note the timeline keeps and the audit log records without its words", async ({
  page,
  baseURL,
  browserAs,
}) => {
  const staff = await apiAs("staff", baseURL!);
  const description = uniqueDescription("unknown");
  const c = await chargeVia(staff, { amount: "9.99", phone: "0240000005", description }); // answers past the timeout
  expect(c.status).toBe("unknown");
  await staff.dispose();

  // Newest first: the queue's default, oldest first, puts a charge made now on its last page.
  await page.goto("/reconcile?order=newest");
  await expect(page.getByRole("heading", { name: "Needs attention" })).toBeVisible();
  await page.getByTestId("charge-row").filter({ hasText: description }).getByRole("link").click();
  await expect(page.getByText("The upstream never gave this charge a reference")).toBeVisible();
  await expect(page.getByRole("button", { name: "Check status" })).toHaveCount(0);

  await page.getByRole("button", { name: "Resolve charge" }).click();
  await expect(page.getByText("Choose whether the customer was charged")).toBeVisible();
  await expect(page.getByText("Write a note of at least 5 characters")).toBeVisible();
  await page.getByLabel("Yes — mark success").check();
  await page.getByLabel("Note (required)").fill(remember("Customer's wallet statement shows the debit at 14:02."));
  // Asked first, with what will be recorded; Cancel changes nothing.
  await page.getByRole("button", { name: "Resolve charge" }).click();
  const ask = page.getByRole("dialog", { name: "Mark this charge as successful?" });
  await expect(ask).toContainText("GH₵9.99 from 024 000 0005 is recorded as received: the customer was charged");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("result-headline")).toHaveText("Outcome unknown");
  await page.getByRole("button", { name: "Resolve charge" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Mark successful" }).click();
  await expect(page.getByTestId("result-headline")).toHaveText("Charge successful");
  // The note is the person's, with their name and role, never the upstream's words.
  const note = page.getByTestId("charge-message");
  await expect(note).toContainText(/^Note from E2E Support \(Support\), \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2}:/);
  await expect(note).toContainText("Customer's wallet statement shows the debit at 14:02.");
  await expect(page.getByText("The mobile money service said")).toHaveCount(0);
  const resolved = page.getByTestId("timeline-entry").filter({ hasText: "Resolved by hand" });
  await expect(resolved).toContainText("by E2E Support");
  await expect(resolved).toContainText("→ Success");
  await expect(resolved).toContainText("Note from E2E Support (Support):");
  await expect(resolved).toContainText("wallet statement shows the debit");
  await expect(page.getByRole("button", { name: "Resolve charge" })).toHaveCount(0);

  await page.goto("/reconcile?order=newest");
  await expect(page.getByTestId("queue-count")).toBeVisible();
  await expect(page.getByTestId("charge-row").filter({ hasText: description })).toHaveCount(0);

  const owner = await browserAs("owner");
  const audit = await owner.newPage();
  await audit.goto("/audit");
  const row = audit
    .getByTestId("audit-row")
    .filter({ hasText: "Charge resolved by hand" })
    .filter({ has: audit.locator(`a[href="/transactions/${c.id}"]`) });
  await expect(row).toContainText("support@e2e.test");
  await expect(row).toContainText("Unknown → Success");
  // A note may name the customer: it stays on the charge (docs/operations.md, "Personal data").
  await expect(row).toContainText("with a note (on the charge)");
  await expect(row).not.toContainText("wallet statement");
  await row.getByRole("link", { name: "View charge" }).click();
  await expect(audit).toHaveURL(new RegExp(`/transactions/${c.id}$`));
  await owner.close();
});

test("staff see an unknown charge's warning but not the reconcile tools", async ({ browserAs, baseURL }) => {
  const staff = await apiAs("staff", baseURL!);
  const c = await chargeVia(staff, { amount: "3.00", phone: "0240000006", description: uniqueDescription("500") });
  await staff.dispose();
  const ctx = await browserAs("staff");
  const page = await ctx.newPage();
  await page.goto(`/transactions/${c.id}`);
  await expect(page.getByTestId("result-headline")).toHaveText("Outcome unknown");
  await expect(page.getByRole("heading", { name: "Reconcile" })).toHaveCount(0);
  await expect(page.getByText("Technical detail")).toHaveCount(0);
  await ctx.close();
});

test("the background sweep settles a pending charge that nobody is watching", async ({ baseURL }) => {
  const staff = await apiAs("staff", baseURL!);
  const description = uniqueDescription("sweep");
  const c = await chargeVia(staff, { amount: "2.00", phone: "0240000002", description });
  expect(c.status).toBe("pending");
  // The list does not look anything up itself: only the sweep can move this charge.
  await expect
    .poll(
      async () =>
        ((await (await staff.get("/api/charges")).json()).charges as { id: string; status: string }[]).find((x) => x.id === c.id)?.status,
      { timeout: 20_000 },
    )
    .toBe("success");
  await staff.dispose();
});

test("a successful charge has a printable receipt; a failed one has a page saying why not, with a link to it", async ({
  page,
  baseURL,
}) => {
  const staff = await apiAs("staff", baseURL!);
  const ok = await chargeVia(staff, { amount: "42.50", phone: "0240000001", description: uniqueDescription("receipt") });
  const failed = await chargeVia(staff, { amount: "1.00", phone: "0240000004", description: uniqueDescription("no-receipt") });
  await staff.dispose();
  await page.goto(`/transactions/${ok.id}`);
  await page.getByRole("link", { name: "Printable receipt" }).click();
  await expect(page.getByRole("heading", { name: "Payment receipt" })).toBeVisible();
  await expect(page.getByText("GH₵42.50")).toBeVisible();
  await expect(page.getByText(ok.reference!)).toBeVisible();
  await expect(page.getByRole("button", { name: "Print receipt" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("header")).toBeHidden();
  // 200: the address names a real charge (app/(charge)/transactions/[id]/receipt/page.tsx says why).
  expect((await page.goto(`/transactions/${failed.id}/receipt`))?.status()).toBe(200);
  await page.emulateMedia({ media: "screen" });
  await expect(page.getByRole("heading", { name: "No receipt for this charge" })).toBeVisible();
  await expect(
    page.getByText("Receipts exist only for successful charges. This charge failed, so no money was received for it."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment receipt" })).toHaveCount(0);
  await page.getByRole("link", { name: "Open the charge" }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${failed.id}$`));
  await expect(page.getByTestId("result-headline")).toHaveText("Charge failed");
});

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: a charge still waiting for the customer cannot be resolved by hand, on the page or through the API`, async ({
    browserAs,
    baseURL,
  }) => {
    const staff = await apiAs("staff", baseURL!);
    // The prompt the customer never answers: pending, younger than RECONCILE_PENDING_MINUTES (1 on this server).
    const c = await chargeVia(staff, { amount: "4.20", phone: "0240000007", description: uniqueDescription("young") });
    expect(c.status).toBe("pending");
    await staff.dispose();
    const ctx = await browserAs("support", { viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`/transactions/${c.id}`);
    await expect(page.getByRole("heading", { name: "Reconcile" })).toBeVisible();
    await expect(page.getByTestId("reconcile-advice")).toContainText("may still be approving this charge on their phone");
    const check = page.getByRole("button", { name: "Check status" });
    await expect(check).toBeVisible();
    // Its answer shows beside the button that asked for it (it used to land below the fold).
    await check.click();
    const answer = page.getByTestId("check-answer");
    await expect(answer).toContainText("The upstream says: Pending");
    const [b, a] = [(await check.boundingBox())!, (await answer.boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThan(80);
    await expect(answer).toBeInViewport();
    await expect(page.getByRole("button", { name: "Resolve charge" })).toHaveCount(0);
    await expect(page.getByLabel("Yes — mark success")).toHaveCount(0);
    const res = await page.request.post(`/api/charges/${c.id}/resolve`, { data: { outcome: "success", note: "too soon to say" } });
    expect(res.status()).toBe(409);
    expect((await res.json()).error).toMatchObject({
      code: "not_in_queue",
      message: expect.stringContaining("1 minute after it was made"),
    });
    await page.reload();
    await expect(page.getByTestId("result-headline")).not.toHaveText("Charge successful");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await ctx.close();
  });
}
