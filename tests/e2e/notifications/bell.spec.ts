// The bell and the notifications page in Chromium, at 390 and 1280 px: a charge that becomes
// unknown reaches support (and owners) while their page is open, without a reload, and never
// staff; it links to the charge and is marked read; axe-core at 0 in light and dark. Email, through
// the run's own SMTP server: what each member chose arrives (right away), nothing for a member
// who turned it off, and an invite's link reaches the invitee and works.
import type { APIRequestContext } from "@playwright/test";
import { type BrowserAs, expect, test } from "../support/fixtures";
import { apiAs, chargeVia } from "../support/api";
import { axeViolations } from "../support/axe";
import { emailOf, type E2eRole } from "../support/users";

let staff: APIRequestContext;
let owner: APIRequestContext;
let support: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  staff = await apiAs("staff", baseURL!);
  owner = await apiAs("owner", baseURL!);
  support = await apiAs("support", baseURL!);
});
test.afterAll(async () => {
  await staff?.dispose();
  await owner?.dispose();
  await support?.dispose();
});

/** An amount no other test charges (its cents are random): the notification is found by it. */
const uniqueAmount = () => `${31 + Math.floor(Math.random() * 60)}.${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`;
const cedis = (amount: string) => `GH₵${amount}`;

async function as(browserAs: BrowserAs, role: E2eRole, width: number) {
  const context = await browserAs(role, { viewport: { width, height: 860 } });
  return { context, page: await context.newPage() };
}

async function noAxeViolations(page: import("@playwright/test").Page, label: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page, { label: `${label} (${colorScheme})` })).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

for (const width of [390, 1280]) {
  // At 390 px the page is open when the charge becomes unknown: it arrives by itself. At 1280 px
  // the charge comes first and the page is opened after (the same notification, without the wait).
  const live = width === 390;
  test(`support is told of a charge that became unknown${live ? " without a reload" : ""}, opens it, and it is read (${width} px)`, async ({
    browserAs,
  }) => {
    const { context, page } = await as(browserAs, "support", width);
    const amount = uniqueAmount();
    if (live) await page.goto("/notifications");
    const charge = await chargeVia(staff, { amount, phone: "0240000006", description: "Bell check" });
    expect(charge.status).toBe("unknown");
    const item = page.getByTestId("notification").filter({ hasText: cedis(amount) });
    if (live) {
      await expect(item).toBeVisible({ timeout: 15_000 }); // asked again every 10 s: no reload
    } else {
      await expect.poll(async () => JSON.stringify(await (await support.get("/api/notifications")).json())).toContain(cedis(amount));
      await page.goto("/notifications");
    }
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    await expect(item).toHaveAttribute("data-read", "false");
    await expect(item.getByRole("link")).toHaveAccessibleName("Unread: A charge's outcome is unknown");
    // The bell is in the header at both widths, named with its count.
    await expect(page.getByTestId("bell")).toHaveAccessibleName(/^Notifications, \d+\+? unread$/);
    await noAxeViolations(page, `notifications ${width}`);
    if (live) {
      await item.getByRole("button", { name: "Mark read: A charge's outcome is unknown" }).click();
      await expect(item).toHaveAttribute("data-read", "true");
      await expect(item.getByRole("button")).toHaveCount(0);
    } else {
      await item.getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`/transactions/${charge.id}$`));
      await page.goto("/notifications");
      await expect(page.getByTestId("notification").filter({ hasText: cedis(amount) })).toHaveAttribute("data-read", "true");
    }
    // Staff made the charge but do not reconcile: the unknown outcome is not theirs to be told of.
    const theirs = (await (await staff.get("/api/notifications")).json()) as { items: { detail: string }[] };
    expect(theirs.items.some((n) => n.detail.includes(cedis(amount)))).toBe(false);
    await context.close();
  });
}

// The page runs no framework JavaScript (pages/notifications): its forms are the browser's own,
// answered 303 back to the page, and work with JavaScript off as well.
test("with JavaScript off, Mark read is a form that comes back to the page, the one notification read (390 px)", async ({
  browserAs,
  baseURL,
}) => {
  const context = await browserAs("support", { baseURL, viewport: { width: 390, height: 860 }, javaScriptEnabled: false });
  const page = await context.newPage();
  const amount = uniqueAmount();
  await chargeVia(staff, { amount, phone: "0240000006", description: "Bell no script" });
  await expect.poll(async () => JSON.stringify(await (await support.get("/api/notifications")).json())).toContain(cedis(amount));
  await page.goto("/notifications");
  const item = page.getByTestId("notification").filter({ hasText: cedis(amount) });
  await expect(item).toHaveAttribute("data-read", "false");
  await item.getByRole("button", { name: "Mark read: A charge's outcome is unknown" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(item).toHaveAttribute("data-read", "true");
  await expect(item.getByRole("button")).toHaveCount(0);
  await context.close();
});

test("Mark all read, and the API: only a member's own, a clear 4xx for bad input", async ({ browserAs }) => {
  const { context, page } = await as(browserAs, "owner", 1280);
  const amount = uniqueAmount();
  await chargeVia(staff, { amount, phone: "0240000006", description: "Bell all" });
  await expect.poll(async () => JSON.stringify(await (await owner.get("/api/notifications")).json())).toContain(cedis(amount));
  await page.goto("/notifications");
  const item = page.getByTestId("notification").filter({ hasText: cedis(amount) });
  await expect(item).toBeVisible();
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(item).toHaveAttribute("data-read", "true");
  // Another member's notification ids mark nothing; malformed bodies say which field.
  const ids = ((await (await owner.get("/api/notifications")).json()) as { items: { id: string }[] }).items.map((n) => n.id);
  const other = await staff.post("/api/notifications/read", {
    data: { ids: ids.slice(0, 5) },
    headers: { "Content-Type": "application/json" },
  });
  expect(await other.json()).toEqual({ marked: 0 });
  const bad = await staff.post("/api/notifications/read", {
    data: { ids: ["not-a-uuid"] },
    headers: { "Content-Type": "application/json" },
  });
  expect(bad.status()).toBe(422);
  expect(JSON.stringify(await bad.json())).toContain("ids");
  expect((await staff.get("/api/notifications?before=nope")).status()).toBe(422);
  await context.close();
});

test("email: a member who chose Right away gets it, one who turned it off does not; the profile says so (390 px)", async ({
  browserAs,
  mailbox,
}) => {
  const { context, page } = await as(browserAs, "support", 390);
  await page.goto("/profile");
  const choice = page.getByLabel("A charge's outcome became unknown");
  await choice.selectOption("off");
  await expect(page.getByText("Email choice saved.")).toBeVisible();
  await expect(page.getByTestId("email-off")).toHaveCount(0); // email is on for this server
  await noAxeViolations(page, "profile 390");
  await context.close();
  const o = await as(browserAs, "owner", 1280);
  await o.page.goto("/profile");
  await o.page.getByLabel("A charge's outcome became unknown").selectOption("instant");
  await expect(o.page.getByText("Email choice saved.")).toBeVisible();
  await o.context.close();

  const amount = uniqueAmount();
  const charge = await chargeVia(staff, { amount, phone: "0240000006", description: "Email check Rent 4B" });
  const mail = await mailbox.to(emailOf("owner"), (m) => m.text.includes(cedis(amount)));
  expect(mail.subject).toBe("A charge's outcome is unknown");
  expect(mail.from).toBe('"Momo Dashboard" <dashboard@example.test>');
  expect(mail.text).toMatch(new RegExp(`http://127\\.0\\.0\\.1:\\d+/transactions/${charge.id}`));
  // The customer's number and the description stay in the dashboard.
  expect(`${mail.text}${mail.html}`).not.toMatch(/0240000006|240000006|Rent 4B/);
  // Support turned it off: nothing for them about this charge, now that the owner's has arrived.
  await new Promise((r) => setTimeout(r, 1500));
  expect(mailbox.all().filter((m) => m.to.includes(emailOf("support")) && m.text.includes(cedis(amount)))).toEqual([]);
});

test("email: an invite's link reaches the invitee, and it opens the invite page", async ({ browserAs, mailbox }) => {
  const email = `invitee-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const res = await owner.post("/api/team/invites", {
    data: { name: "Kwame Invitee", email, role: "staff" },
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status(), await res.text()).toBe(201);
  expect((await res.json()).emailed).toBe(true);
  const mail = await mailbox.to(email, () => true);
  expect(mail.subject).toMatch(/invited you to .* on Momo Dashboard$/);
  const link = mail.text.match(/http:\/\/127\.0\.0\.1:\d+\/invite\/\S+/)?.[0];
  expect(link).toBeTruthy();
  const anonymous = await browserAs("anonymous");
  const page = await anonymous.newPage();
  await page.goto(link as string);
  await expect(page.getByRole("heading", { name: "Join the team", level: 1 })).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await anonymous.close();
});
