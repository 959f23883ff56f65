// A receiver that fails, on a 390 px phone (each page checked at 1280 px too): every attempt is in
// the log, signed and refused with 500; after a delivery's retries (the e2e server: 3, from 1 s) the
// endpoint is switched off as failing and says so, in its page, the list and the owner's home (which
// counts it until it is on again); once the receiver is fixed,
// Resend delivers the missed event, and "Switch back on" turns it on; an owner switches it off and on.
import { expect, test } from "../support/fixtures";
import { chargeVia } from "../support/api";
import { reauth } from "../support/reauth";
import { aboutCharge, expectAccessible, verify } from "../support/webhooks";

test.use({ role: "owner", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("phone: a failing receiver is retried, logged and switched off; fixed, Resend delivers and it is switched back on", async ({
  page,
  receiver,
}) => {
  test.setTimeout(60_000);
  await reauth(page.request);
  receiver.answer(500);
  const name = `Failing receiver ${Date.now().toString(36)}`;
  const path = `/failing-${Date.now().toString(36)}`;
  await page.goto("/settings/webhooks");
  const form = page.getByTestId("endpoint-form");
  await form.getByLabel("Endpoint URL").fill(receiver.url(path));
  await form.getByLabel("Description (optional)").fill(name);
  await form.getByRole("checkbox", { name: /A charge succeeded/ }).check();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const secret = await page.getByTestId("secret-panel").getByRole("textbox", { name: "Signing secret" }).inputValue();
  await page.getByTestId("secret-panel").getByRole("link", { name: "Open the endpoint" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText("No deliveries yet")).toBeVisible();
  const here = page.url();

  const made = await chargeVia(page.request, { amount: "2.20", phone: "0240000001", description: "webhook to a failing receiver" });
  const firstTry = await receiver.waitFor(aboutCharge(made.id, path), "the first attempt");
  expect(verify(secret, firstTry).data.id).toBe(made.id);
  // Opened while the delivery waits for its next attempt.
  await page.goto(here);
  const mine = page.getByTestId("attempt-row").filter({ hasText: firstTry.id });
  await expect(mine.first().getByTestId("attempt-result")).toHaveText("Failed · 500");
  await expect(mine.first()).toContainText(/Next attempt \d{1,2} \w{3} \d{4}|Waits until the endpoint is on|Gave up/);

  // Three retries, 1, 2 and 4 s apart, then off, as failing: the page follows without a reload.
  // The endpoint listens for every charge.succeeded, other tests' too: the delivery whose last
  // attempt failed first switches it off, and the others' retries stop there.
  await expect(page.getByTestId("endpoint-status")).toHaveText("Switched off: failing", { timeout: 15_000 });
  await expect(page.getByTestId("failing-notice")).toContainText("every attempt to deliver an event failed");
  const attemptsOf = (id: string) => receiver.got.filter((d) => d.path === path && d.id === id);
  // Every attempt at this charge's event is in the log (one under way as the endpoint went off
  // lands a moment later: the page is opened again until it is there).
  await expect
    .poll(async () => {
      await page.reload();
      return (await mine.count()) - attemptsOf(firstTry.id).length;
    })
    .toBe(0);
  const tries = attemptsOf(firstTry.id);
  for (const t of tries) expect(verify(secret, t).data.id).toBe(made.id);
  if (tries.length < 4) await expect(mine.first()).toContainText("Waits until the endpoint is on");
  const gaveUp = receiver.got.find((d) => d.path === path && attemptsOf(d.id).length === 4)!;
  expect(gaveUp, "a delivery tried 4 times (WEBHOOK_RETRIES=3)").toBeTruthy();
  for (const t of attemptsOf(gaveUp.id)) expect(verify(secret, t).type).toBe("charge.succeeded");
  const lastOne = page.getByTestId("attempt-row").filter({ hasText: gaveUp.id });
  await expect(lastOne).toHaveCount(4);
  await expect(lastOne.first()).toContainText("Gave up");
  await expect(lastOne.first().getByTestId("attempt-result")).toHaveText("Failed · 500");
  await lastOne
    .first()
    .getByText(/^Answer/)
    .click();
  await expect(lastOne.first().locator("pre")).toHaveText('{"received":false,"status":500}');
  await expect(page.getByTestId("endpoint-counts")).toContainText(/[1-9]\d* failed/);
  await expectAccessible(page, "an endpoint switched off for failing", [390, 1280]);
  await page.goto("/settings/webhooks");
  const row = page.getByTestId("endpoint-row").filter({ hasText: name });
  await expect(row.getByTestId("endpoint-status")).toHaveText("Switched off: failing");
  await expect(row).toContainText("Failed · 500");
  await expectAccessible(page, "the list with a failing endpoint", [390, 1280]);
  // The owner's home counts it among what waits, and leads to the list.
  await page.goto("/");
  const waiting = page.getByTestId("waiting-webhooks").getByRole("link");
  await expect(waiting).toHaveText(/^\d+ webhook endpoints? switched off after failing/);
  const failingBefore = Number((await waiting.innerText()).split(" ")[0]);
  await waiting.click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);
  await expect(page.getByTestId("endpoint-row").filter({ hasText: name }).getByTestId("endpoint-status")).toHaveText(
    "Switched off: failing",
  );
  await page.goto(here);

  // Fixed: Resend sends the missed event now, even while the endpoint is off.
  receiver.answer(200);
  await mine
    .first()
    .getByRole("button", { name: /^Resend/ })
    .click();
  await expect(mine.first().getByTestId("resend-result")).toHaveText("Resent: delivered (200).");
  await expect(mine).toHaveCount(tries.length + 1);
  await expect(mine.first()).toContainText("Resent by hand");
  await expect(mine.first().getByTestId("attempt-result")).toHaveText("OK · 200");
  await expect(mine.first()).toContainText("Delivered");
  const resent = attemptsOf(firstTry.id);
  expect(resent).toHaveLength(tries.length + 1);
  expect(verify(secret, resent.at(-1)!).data.id).toBe(made.id);

  await page.getByRole("button", { name: "Switch back on" }).click();
  await expect(page.getByTestId("endpoint-status")).toHaveText("On");
  await expect(page.getByTestId("failing-notice")).toHaveCount(0);
  // On again: home counts one fewer (none, when it was the only one).
  await page.goto("/");
  const left = page.getByTestId("waiting-webhooks");
  if (failingBefore === 1) await expect(left).toHaveCount(0);
  else await expect(left).toHaveText(new RegExp(`^${failingBefore - 1} webhook endpoints? switched off after failing`));
  await page.goto(here);

  // Off by the owner's hand: asked first; On again with one press.
  await page.getByRole("button", { name: "Switch off…" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Events that happen while it is off are not sent to it");
  await dialog.getByRole("button", { name: "Switch off" }).click();
  await expect(page.getByTestId("endpoint-status")).toHaveText("Off");
  await page.getByRole("button", { name: "Switch on" }).click();
  await expect(page.getByTestId("endpoint-status")).toHaveText("On");
});
