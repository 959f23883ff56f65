// A customer whose prompt never comes, on their own phone (390 px) or a computer (1280 px): past
// PAY_PROMPT_WAIT_SECONDS (12 s on the test server: serve.sh) the page says what happened, where
// their network keeps the prompts they missed, what to quote, and — on a link that takes it —
// offers another number. Without JavaScript the same page comes on "Check again". The sandbox's
// never-answering number takes 3 prompts in 10 minutes (the pay links' limit per number): one per width.
import { type BrowserAs, expect, test } from "../support/fixtures";
import { apiAs } from "../support/api";
import { clientAddress } from "../support/attack";
import { axeViolations } from "../support/axe";
import { pressLikeAPerson } from "../support/press";
import { remember } from "../support/used-text";

async function makeLink(baseURL: string, over: Record<string, unknown> = {}): Promise<string> {
  const staff = await apiAs("staff", baseURL);
  const res = await staff.post("/api/payment-requests", {
    data: { amount: "2.50", currency: "GHS", description: remember(`Waits ${Math.random().toString(36).slice(2, 8)}`), ...over },
    headers: { "Content-Type": "application/json" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { path } = (await res.json()).request;
  await staff.dispose();
  return path;
}

async function customer(browserAs: BrowserAs, width: number, javaScriptEnabled = true) {
  const context = await browserAs("anonymous", {
    viewport: { width, height: 860 },
    javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress() },
  });
  return { context, page: await context.newPage() };
}

// At 390 px a link many may pay (another number is offered); at 1280 px a link paid once (its one
// slot is the waiting attempt's: no other number).
for (const { width, reusable } of [
  { width: 390, reusable: true },
  { width: 1280, reusable: false },
]) {
  test(`${width} px: a prompt nobody answers ends in plain words and the network's approvals menu${reusable ? ", with another number" : ""}`, async ({
    browserAs,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const path = await makeLink(baseURL!, { reusable });
    const { context, page } = await customer(browserAs, width);
    await page.goto(path);
    await page.getByLabel("Your mobile money number").fill("0240000007");
    await pressLikeAPerson(page, page.getByRole("button", { name: "Pay GH₵2.50" }));
    await expect(page.getByRole("heading", { name: "Approve the prompt on your phone" })).toBeVisible();

    // The same attempt's page without JavaScript: "Check again" until the wait is long.
    const plain = await customer(browserAs, width, false);
    await plain.page.goto(page.url());
    await expect(plain.page.getByRole("heading", { level: 1 })).toHaveText("Approve the prompt on your phone");
    await expect
      .poll(
        async () => {
          await plain.page.getByRole("link", { name: "Check again" }).click();
          return plain.page.getByRole("heading", { level: 1 }).textContent();
        },
        { timeout: 30_000, intervals: [2_000] },
      )
      .toBe("Your approval has not reached us yet");
    await plain.context.close();

    // With it, the page turns by itself.
    await expect(page.getByRole("heading", { name: "Your approval has not reached us yet" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("No money leaves your account until you approve it.")).toBeVisible();
    await expect(page.getByText("Dial *170#, choose My Wallet, then My Approvals")).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "024 ••• ••07 (MTN Mobile Money)" })).toHaveCount(1);
    await expect(page.getByText(/^To ask about it, contact /)).toBeVisible();
    const another = page.getByRole("link", { name: "Pay from another number" });
    await expect(another).toHaveCount(reusable ? 1 : 0);
    for (const link of [page.getByRole("link", { name: "Check again" }), ...(reusable ? [another] : [])]) {
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page, { label: `${width} long wait` })).toEqual([]);
    if (reusable) {
      // Another number: the link's form again, with a new key.
      await another.click();
      await expect(page.getByLabel("Your mobile money number")).toHaveValue("");
    }
    await context.close();
  });
}
