// A member of staff charges the sandbox's test numbers and watches each outcome on screen.
import { expect, test } from "../support/fixtures";
import { badge, charge, fillCharge, headline, openChargeForm, uniqueDescription } from "../support/charge";

test("an instant charge succeeds and shows its reference", async ({ page }) => {
  await charge(page, { amount: "25.50", phone: "024 000 0001", description: uniqueDescription("instant") });
  await expect(headline(page)).toHaveText("Charge successful");
  await expect(badge(page)).toHaveText("Success");
  await expect(page.getByTestId("charge-message")).toHaveText("The customer's network confirmed the payment.");
  // Staff read plain words; the network's own (and its codes) are for support and owners.
  await expect(page.getByText("auto-authorized")).toHaveCount(0);
  await expect(page.getByTestId("charge-technical")).toHaveCount(0);
  await expect(page.getByTestId("reference")).toHaveText(/^TXN-MOMO-\d+$/);
  await expect(page.getByRole("term").filter({ hasText: /^Settled$/ })).toBeVisible();
  await expect(page.getByText("GH₵25.50").first()).toBeVisible();
  await expect(page.getByText("MTN Mobile Money")).toBeVisible();
});

test("a USSD charge shows pending, then settles to success on screen", async ({ page }) => {
  await charge(page, { amount: "10", phone: "0240000002", description: uniqueDescription("ussd") });
  await expect(headline(page)).toHaveText("Waiting for the customer to approve");
  await expect(badge(page)).toHaveText("Pending");
  await expect(page.getByRole("status").filter({ hasText: "updates by itself" })).toBeVisible();
  // Nobody reloads: the view polls until the customer's approval arrives.
  await expect(headline(page)).toHaveText("Charge successful", { timeout: 20_000 });
  await expect(page.getByTestId("charge-message")).toHaveText("The customer's network confirmed the payment.");
});

test("a USSD charge the customer declines ends failed", async ({ page }) => {
  await charge(page, { amount: "10", phone: "0240000003", description: uniqueDescription("declined") });
  await expect(badge(page)).toHaveText("Pending");
  await expect(headline(page)).toHaveText("Charge failed", { timeout: 20_000 });
  await expect(page.getByTestId("charge-message")).toHaveText("The payment was declined.");
});

test("a charge refused for insufficient funds says why in plain words", async ({ page }) => {
  await charge(page, { amount: "99.99", phone: "0240000004", description: uniqueDescription("funds") });
  await expect(headline(page)).toHaveText("Charge failed");
  await expect(badge(page)).toHaveText("Failed");
  await expect(page.getByTestId("charge-message")).toHaveText("There was not enough money in the mobile money account.");
  await expect(page.getByText("Insufficient funds")).toHaveCount(0);
  // A failed charge says when it failed, not that it "settled".
  await expect(page.getByRole("term").filter({ hasText: /^Failed$/ })).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: /^Settled$/ })).toHaveCount(0);
});

test("an upstream that answers too late leaves the charge unknown, with a warning not to repeat it", async ({ page }) => {
  await charge(page, { amount: "5", phone: "0240000005", description: uniqueDescription("slow") });
  await expect(headline(page)).toHaveText("Outcome unknown");
  const warning = page.getByRole("alert").filter({ hasText: "The money may have moved" });
  await expect(warning).toContainText("Do not simply charge again");
});

test("an upstream 500 leaves the charge unknown, and says why its 'Nothing was charged' does not settle it", async ({ page }) => {
  await charge(page, { amount: "5", phone: "0240000006", description: uniqueDescription("500") });
  await expect(headline(page)).toHaveText("Outcome unknown");
  await expect(badge(page)).toHaveText("Unknown");
  await expect(page.getByTestId("charge-message")).toHaveText(
    "We cannot tell yet whether the money moved: the mobile money service had a fault. Do not charge again until it is checked.",
  );
  // "Nothing was charged" is the service's word, not proof: staff are not shown it at all.
  await expect(page.getByText("Nothing was charged")).toHaveCount(0);
  // No reference came back: the empty value is the one dash, read out as "none".
  await expect(page.getByTestId("reference")).toHaveText("—none");
});

test("support reads the technical detail behind a disclosure: the service's words, the outcome code, the HTTP status", async ({
  page,
  browserAs,
}) => {
  await charge(page, { amount: "5", phone: "0240000006", description: uniqueDescription("technical") });
  await expect(headline(page)).toHaveText("Outcome unknown");
  const support = await browserAs("support");
  const theirs = await support.newPage();
  await theirs.goto(page.url());
  await expect(theirs.getByTestId("charge-message")).toContainText("the mobile money service had a fault");
  const technical = theirs.getByTestId("charge-technical");
  await expect(technical.getByText("The sandbox simulated an internal error. Nothing was charged.")).toBeHidden();
  await technical.getByText("Technical detail").click();
  await expect(technical).toContainText("The mobile money service saidThe sandbox simulated an internal error. Nothing was charged.");
  await expect(technical).toContainText("An error answer does not prove the money did not move");
  await expect(technical).toContainText("Outcome codeupstream_error");
  await expect(technical).toContainText("HTTP status500");
  await support.close();
});

test("our own words are not presented as the service's", async ({ page, browserAs }) => {
  await charge(page, { amount: "5", phone: "0240000005", description: uniqueDescription("ours") });
  await expect(headline(page)).toHaveText("Outcome unknown");
  await expect(page.getByTestId("charge-message")).toHaveText(
    "We cannot tell yet whether the money moved: the mobile money service did not answer in time. Do not charge again until it is checked.",
  );
  const owner = await browserAs("owner");
  const theirs = await owner.newPage();
  await theirs.goto(page.url());
  await theirs.getByText("Technical detail").first().click();
  await expect(theirs.getByTestId("charge-technical")).toContainText("Why, as the dashboard recorded it");
  await expect(theirs.getByTestId("charge-technical")).not.toContainText("The mobile money service said");
  await owner.close();
});

test("while the upstream is slow to answer, the form says the charge is recorded and safe to leave", async ({ page }) => {
  // The browser's clock is moved past the 3 s; the server's answer still takes its real time
  // (the sandbox answers this number after the client's timeout, 3 s in the e2e servers).
  await page.clock.install();
  await openChargeForm(page);
  await fillCharge(page, { amount: "5", phone: "0240000005", description: uniqueDescription("slow-notice") });
  const notice = page.getByRole("status").filter({ hasText: "The network is slow" });
  await page.getByRole("button", { name: "Charge customer" }).click();
  await expect(page.getByRole("button", { name: "Charging…" })).toBeDisabled();
  await expect(notice).toHaveCount(0);
  await page.clock.fastForward(3_000);
  await expect(notice).toContainText("The charge is recorded, so leaving this page will not lose it");
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  await expect(headline(page)).toHaveText("Outcome unknown");
});

test("a charge the customer never answers: the page stops asking after 3 minutes, says it waits for reconciliation, and can check again", async ({
  page,
}) => {
  await page.clock.install();
  await charge(page, { amount: "4", phone: "0240000007", description: uniqueDescription("unanswered") });
  const id = page.url().split("/").pop()!;
  const notice = page.getByTestId("open-charge-notice");
  await expect(notice).toContainText("A prompt is on the customer's phone. This page updates by itself.");
  await expect(notice.getByRole("button", { name: "Check again" })).toHaveCount(0);

  // Past RECONCILE_PENDING_MINUTES (1 in the e2e server) it is no longer the customer it waits for.
  await page.clock.fastForward("01:01");
  await expect(notice).toContainText("Still pending after more than 1 minute, so this charge is waiting for reconciliation");
  await expect(notice).not.toContainText("updates by itself");

  // Three minutes after the page opened, it stops asking.
  await page.clock.fastForward("02:00");
  await expect(notice).toContainText("This page stopped checking after 3 minutes.");
  let lookups = 0;
  page.on("request", (r) => {
    if (r.url().endsWith(`/api/charges/${id}`)) lookups++;
  });
  await page.clock.fastForward(10_000); // five polling intervals
  await page.waitForTimeout(1_000);
  expect(lookups).toBe(0);

  // "Check again" asks once more and resumes.
  const asked = page.waitForResponse((r) => r.url().endsWith(`/api/charges/${id}`) && r.request().method() === "GET");
  await notice.getByRole("button", { name: "Check again" }).click();
  expect((await asked).status()).toBe(200);
  await expect(notice.getByRole("button", { name: "Check again" })).toHaveCount(0);
  await expect(notice).not.toContainText("stopped checking");

  // The page and the background sweep asked many times, all with the same answer: one entry.
  const checks = page.getByTestId("timeline-entry").filter({ hasText: "Status checked with the mobile money service" });
  await expect
    .poll(
      async () => {
        await page.reload();
        return `${await checks.count()}: ${(await checks.allInnerTexts()).join(" | ")}`;
      },
      { timeout: 20_000 },
    )
    .toMatch(/^1: Status checked with the mobile money service ×\d+/);
  await expect(checks).toContainText(/\d{2}:\d{2}:\d{2}–\d{2}:\d{2}:\d{2}/);
  await expect(checks).toContainText("→ Pending");
});

test.describe("on a phone-sized screen", () => {
  test.use({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });

  test("an open charge's notice and its Check again button fit without sideways scrolling", async ({ page }) => {
    await page.clock.install();
    await charge(page, { amount: "4", phone: "0240000007", description: uniqueDescription("unanswered-phone") });
    await page.clock.fastForward("03:01");
    await expect(page.getByRole("button", { name: "Check again" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
