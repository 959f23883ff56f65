// The owner's Business page: the name and logo shown in the header and on receipts, and the time
// zone dates are shown in and Insights counts days in. The server is shared with the other UI
// tests, so the zone chosen keeps today's date the same as UTC's while this test runs, and
// everything is put back at the end.
import type { Page } from "@playwright/test";
import { type BrowserAs, expect, test } from "../support/fixtures";
import { apiAs } from "../support/api";
import { clientAddress } from "../support/attack";
import { charge, uniqueDescription } from "../support/charge";

test.use({ role: "owner" });

/** A real 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
// UTC+3 or UTC−3 all year (no daylight saving), whichever has today's UTC date for the next hours.
const ZONE = new Date().getUTCHours() < 20 ? "Africa/Nairobi" : "America/Sao_Paulo";
const inZone = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone }).format(new Date(iso));

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel("Logo", { exact: true }).or(page.getByLabel("New logo")).setInputFiles(file);
  await page.getByRole("button", { name: "Upload logo" }).click();
}

const headerLogoLoaded = (page: Page) =>
  page
    .getByTestId("business")
    .locator("img")
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

/** A customer whose payment's outcome is not known sees whom to ask: the business, its phone and email. */
async function payOutcomeUnknown(browserAs: BrowserAs, name: string) {
  const staff = await apiAs("staff", test.info().project.use.baseURL!);
  const made = await staff.post("/api/payment-requests", {
    data: { amount: "3.00", currency: "GHS", description: uniqueDescription("contact") },
    headers: { "Content-Type": "application/json" },
  });
  expect(made.status()).toBe(201);
  const { path } = (await made.json()).request;
  await staff.dispose();
  const customer = await browserAs("anonymous", {
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress() },
  });
  const page = await customer.newPage();
  await page.goto(path);
  await page.getByLabel("Your mobile money number").fill("0240000006");
  await page.getByRole("button", { name: "Pay GH₵3.00" }).click();
  await expect(page.getByRole("heading", { name: "We do not know yet whether this payment went through" })).toBeVisible();
  await expect(page.getByText(`To ask about it, contact ${name} and quote the details above:`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Call 030 123 4567" })).toHaveAttribute("href", "tel:0301234567");
  await expect(page.getByRole("link", { name: "Email help@akwaaba.example" })).toHaveAttribute("href", "mailto:help@akwaaba.example");
  await customer.close();
}

test("the owner names the business, uploads a logo and picks a time zone; receipts, the header and dates follow", async ({
  page,
  browserAs,
}) => {
  test.setTimeout(90_000);
  const name = `Akwaaba Traders ${Date.now().toString(36)}`;
  try {
    await page.goto("/transactions");
    await page.getByRole("banner").getByRole("button", { name: "Settings" }).click();
    await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Business" }).click();
    await expect(page.getByRole("heading", { name: "Business", exact: true })).toBeVisible();
    await page.getByLabel("Business name").fill(name);
    await page.getByLabel("Time zone").selectOption(ZONE);
    // The contact for customers: refused until it is one a person can use, naming the field.
    await page.getByLabel("Phone for customers").fill("call us");
    await page.getByLabel("Email for customers").fill("help@");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Enter a phone number such as 030 123 4567 or +233 30 123 4567")).toBeVisible();
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await page.getByLabel("Phone for customers").fill("030 123 4567");
    await page.getByLabel("Email for customers").fill("Help@Akwaaba.example");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await expect(page.getByTestId("business")).toHaveText(name);
    // The owner's header shows the whole name, as support's does, however many pages it lists.
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      const shown = page.getByTestId("business").getByText(name);
      await expect(shown).toBeVisible();
      expect(await shown.evaluate((el) => el.scrollWidth <= el.clientWidth), `${width} px: the name is not cut`).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${width} px`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await payOutcomeUnknown(browserAs, name);

    // The file's bytes decide, not its name or declared type: SVG and a disguised page are refused.
    await upload(page, { name: "logo.svg", mimeType: "image/svg+xml", buffer: SVG });
    await expect(page.getByText("SVG logos are not accepted (an SVG can carry scripts).")).toBeVisible();
    await upload(page, { name: "logo.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><script>alert(1)</script>") });
    await expect(page.getByText("This file is not a PNG, JPEG or WebP image.")).toBeVisible();
    await upload(page, { name: "logo.txt", mimeType: "text/plain", buffer: PNG });
    await expect(page.getByRole("status").filter({ hasText: "Logo saved." })).toBeVisible();
    await expect(page.getByTestId("current-logo").getByRole("img", { name: "Current logo" })).toBeVisible();
    await expect.poll(() => headerLogoLoaded(page)).toBe(true);

    // Served as the image it is, never sniffed, and cached for good under its versioned address.
    const src = (await page.getByTestId("business").locator("img").getAttribute("src"))!;
    expect(src).toMatch(/^\/api\/business\/logo\?v=\d+$/);
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    expect(served.headers()["cache-control"]).toContain("immutable");
    expect(Buffer.compare(await served.body(), PNG)).toBe(0);

    // Every member sees the business in the header.
    const staff = await browserAs("staff");
    const staffPage = await staff.newPage();
    await staffPage.goto("/transactions");
    await expect(staffPage.getByTestId("business")).toHaveText(name);
    await expect.poll(() => headerLogoLoaded(staffPage)).toBe(true);
    await staff.close();

    // Dates are shown in the business's zone: the charge's time, and its receipt.
    await charge(page, { amount: "9.00", phone: "0240000001", description: uniqueDescription("business zone") });
    const created = page.locator("dt", { hasText: /^Created$/ }).locator("xpath=following-sibling::dd[1]//time");
    const iso = (await created.getAttribute("datetime"))!;
    await expect(created).toHaveText(inZone(iso, ZONE));
    expect(inZone(iso, ZONE)).not.toBe(inZone(iso, "UTC"));
    const receiptUrl = `${new URL(page.url()).pathname}/receipt`;
    await page.goto(receiptUrl);
    await expect(page.getByRole("heading", { name: "Payment receipt" })).toBeVisible();
    await expect(page.getByTestId("receipt-business")).toHaveText(name);
    await expect(page.getByTestId("receipt-business").locator("img")).toBeVisible();
    await expect(page.getByText(`(${ZONE})`)).toBeVisible();

    await page.goto("/insights");
    await expect(page.getByTestId("insights-period")).toContainText(`days in ${ZONE}`);

    // On a phone: the page, the header and the receipt fit the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [receiptUrl, "/settings"]) {
      await page.goto(path);
      await expect(page.getByTestId("business")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await page.getByRole("button", { name: "Remove logo" }).click();
    await expect(page.getByTestId("current-logo")).toHaveText("No logo yet.");
    await expect(page.getByTestId("business").locator("img")).toHaveCount(0);
    expect((await page.request.get(src)).status()).toBe(404);
  } finally {
    // Put everything back for the other tests on this server.
    const origin = new URL(page.url()).origin;
    await page.request.delete("/api/business/logo", { headers: { Origin: origin } });
    const reset = await page.request.put("/api/business", {
      data: { name: "", timeZone: "Africa/Accra", contactPhone: "", contactEmail: "" },
      headers: { Origin: origin },
    });
    expect(reset.status()).toBe(204);
  }
  await page.goto("/transactions");
  await expect(page.getByTestId("business")).toHaveCount(0);
});

test("a logo over 256 kB is refused before it is sent, and by the server if it is sent anyway", async ({ page }) => {
  await page.goto("/settings");
  const big = Buffer.concat([PNG, Buffer.alloc(300 * 1024)]);
  await upload(page, { name: "big.png", mimeType: "image/png", buffer: big });
  await expect(page.getByText("The logo can be at most 256 kB.")).toBeVisible();
  const res = await page.request.put("/api/business/logo", {
    data: big,
    headers: { "Content-Type": "image/png", Origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(413);
  expect((await res.json()).error.fields.logo).toBe("The logo can be at most 256 kB.");
});
