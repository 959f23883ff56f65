// Webhooks as an owner keeps them, at 1280 px (each page checked at 390 px too): an endpoint added
// for charge.succeeded, pointing at a receiver on this machine; its secret shown once and copied; a
// charge made on the charge form reaches the receiver signed with that secret, the customer's number
// masked and no description; the log says OK, folds the answer away and pages to older attempts;
// Resend; a rotated secret signs beside the old one; whole numbers once the owner chooses them.
import { expect, test } from "../support/fixtures";
import { chargeVia } from "../support/api";
import { charge, uniqueDescription } from "../support/charge";
import { reauth } from "../support/reauth";
import { aboutCharge, expectAccessible, verify } from "../support/webhooks";

test.use({ role: "owner", viewport: { width: 1280, height: 900 }, permissions: ["clipboard-read", "clipboard-write"] });

test("desktop: an owner adds an endpoint; a charge reaches it signed and masked; the log, Resend, rotation and whole numbers", async ({
  page,
  receiver,
}) => {
  test.setTimeout(90_000);
  await reauth(page.request);
  const name = `Orders system ${Date.now().toString(36)}`;
  const path = `/orders-${Date.now().toString(36)}`;
  await page.goto("/settings/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  // The Settings menu's current page is Webhooks, not Business (/settings) above it.
  const settings = page.getByTestId("settings-menu");
  await expect(settings.getByRole("link", { name: "Webhooks", includeHidden: true })).toHaveAttribute("aria-current", "page");
  await expect(settings.getByRole("link", { name: "Business", includeHidden: true })).not.toHaveAttribute("aria-current", "page");

  // The key is TEST: the form says a receiver on this machine may take plain http.
  const form = page.getByTestId("endpoint-form");
  await expect(form).toContainText("or a receiver on this machine (this TEST key allows http://127.0.0.1");
  // What is missing is said before anything is sent; "All events" chooses every event, and undoes it.
  const missing = form.getByTestId("endpoint-missing");
  await expect(missing).toHaveText("Still needed: the endpoint's address and at least one event.");
  const all = form.getByRole("checkbox", { name: "All events" });
  await all.check();
  await expect(form.getByRole("checkbox", { name: /A charge succeeded/ })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: /A charge failed/ })).toBeChecked();
  await expect(missing).toHaveText("Still needed: the endpoint's address.");
  await all.uncheck();
  await expect(form.getByRole("checkbox", { name: /A charge succeeded/ })).not.toBeChecked();
  await form.getByLabel("Endpoint URL").fill(receiver.url(path));
  await expect(missing).toHaveText("Still needed: at least one event.");
  await form.getByLabel("Description (optional)").fill(name);
  await form.getByRole("checkbox", { name: /A charge succeeded/ }).check();
  await expect(missing).toHaveCount(0);
  // One event of several: "All events" shows it is partly chosen.
  expect(await all.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
  await form.getByRole("button", { name: "Add endpoint" }).click();

  // The secret, once: copied whole; how to check a delivery beside it.
  const panel = page.getByTestId("secret-panel");
  await expect(panel).toContainText("will not be shown again");
  await expect(panel).toContainText("webhook-signature");
  await expect(panel).toContainText('import { Webhook } from "standardwebhooks"');
  const secret = await panel.getByRole("textbox", { name: "Signing secret" }).inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  await panel.getByRole("button", { name: "Copy secret" }).click();
  await expect(panel).toContainText("Copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  // The form is empty again, and says nothing about it (the focus left it for the secret).
  await expect(form.getByLabel("Endpoint URL")).toHaveValue("");
  await expect(form.getByRole("checkbox", { name: /A charge succeeded/ })).not.toBeChecked();
  await expect(form.getByText(/Choose at least one event|Enter the endpoint's address/)).toHaveCount(0);
  const row = page.getByTestId("endpoint-row").filter({ hasText: receiver.url(path) });
  await expect(row).toContainText(name);
  await expect(row).toContainText("charge.succeeded");
  await expect(row.getByTestId("endpoint-status")).toHaveText("On");
  await expectAccessible(page, "webhooks with a new secret");
  // Gone once the page is left: it is in no page and no answer but the one that made it.
  await page.reload();
  await expect(page.getByTestId("secret-panel")).toHaveCount(0);
  expect(await (await page.request.get("/api/webhooks")).text()).not.toContain(secret);

  // A charge that succeeds, on the charge form.
  const what = uniqueDescription("webhook charge");
  await charge(page, { amount: "3.10", phone: "0240000001", description: what });
  const chargeId = page.url().split("/").pop()!;
  const first = await receiver.waitFor(aboutCharge(chargeId, path), "the charge's event");
  const payload = verify(secret, first);
  expect(payload.type).toBe("charge.succeeded");
  expect(payload.data).toMatchObject({
    object: "charge",
    id: chargeId,
    status: "success",
    amount_minor: 310,
    phone_number: "024 ••• ••01",
  });
  expect(first.body).not.toContain(what);
  expect(first.body).not.toContain("0240000001");
  expect(() => verify(`whsec_${Buffer.alloc(24, 7).toString("base64")}`, first)).toThrow();

  // The log: OK, the event's id, the answer folded away.
  await page.goto("/settings/webhooks");
  await row.getByRole("link", { name: receiver.url(path) }).click();
  await expect(page).toHaveURL(/\/settings\/webhooks\/[0-9a-f-]{36}$/);
  const endpointId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId("endpoint-status")).toHaveText("On");
  const mine = page.getByTestId("attempt-row").filter({ hasText: first.id });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId("attempt-result")).toHaveText("OK · 200");
  await expect(mine).toContainText("charge.succeeded");
  await expect(mine).toContainText("Delivered");
  await expect(mine).toContainText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2}/);
  await expect(mine.locator("pre")).toBeHidden();
  await mine.getByText(/^Answer \(\d+ bytes\)$/).click();
  await expect(mine.locator("pre")).toHaveText('{"received":true,"status":200}');
  await expectAccessible(page, "an endpoint with its log");

  // Older attempts: 26 resends push the first attempt off the first page; Show older brings it.
  const log = (await (await page.request.get(`/api/webhooks/${endpointId}/attempts`)).json()) as {
    attempts: { deliveryId: string; eventId: string }[];
  };
  const deliveryId = log.attempts.find((a) => a.eventId === first.id)!.deliveryId;
  for (let i = 0; i < 26; i++) {
    const res = await page.request.post(`/api/webhooks/${endpointId}/deliveries/${deliveryId}/resend`);
    expect(await res.json()).toEqual({ ok: true, statusCode: 200, error: null });
  }
  await page.reload();
  await expect(page.getByTestId("attempt-row")).toHaveCount(25);
  await expect(mine.filter({ hasNotText: "Resent by hand" })).toHaveCount(0);
  await page.getByRole("button", { name: "Show older" }).click();
  await expect(mine.filter({ hasNotText: "Resent by hand" })).toHaveCount(1);
  await expect(mine).toHaveCount(27);
  // One Resend per delivery, on its newest attempt; its outcome said there.
  await expect(mine.getByRole("button", { name: /^Resend/ })).toHaveCount(1);
  await mine
    .first()
    .getByRole("button", { name: `Resend charge.succeeded ${first.id}` })
    .click();
  await expect(mine.first().getByTestId("resend-result")).toHaveText("Resent: delivered (200).");
  await expect(mine).toHaveCount(28);
  expect(receiver.got.filter(aboutCharge(chargeId, path)).every((d) => verify(secret, d).data.id === chargeId)).toBe(true);

  // Rotation: asked first; the new secret shown once; both sign for 24 hours.
  await page.getByRole("button", { name: "Rotate secret…" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("For 24 hours each delivery is signed with both the new and the current secret");
  await dialog.getByRole("button", { name: "Rotate secret" }).click();
  const rotated = page.getByTestId("secret-panel");
  const secret2 = await rotated.getByRole("textbox", { name: "Signing secret" }).inputValue();
  expect(secret2).toMatch(/^whsec_/);
  expect(secret2).not.toBe(secret);
  await expect(page.getByTestId("secret-overlap")).toContainText(/Until \d{1,2} \w{3} \d{4}, .* signed with the previous secret too/);
  const second = await chargeVia(page.request, { amount: "1.20", phone: "0240000001", description: "webhook after rotation" });
  const afterRotation = await receiver.waitFor(aboutCharge(second.id, path), "the event after the rotation");
  const [signedNew, signedOld] = afterRotation.headers["webhook-signature"].split(" ");
  expect(signedOld).toMatch(/^v1,/);
  expect(verify(secret2, afterRotation).data.id).toBe(second.id);
  expect(verify(secret, afterRotation).data.id).toBe(second.id);
  const only = (sig: string) => ({ ...afterRotation, headers: { ...afterRotation.headers, "webhook-signature": sig } });
  expect(verify(secret2, only(signedNew)).type).toBe("charge.succeeded");
  expect(verify(secret, only(signedOld)).type).toBe("charge.succeeded");
  expect(() => verify(secret, only(signedNew))).toThrow();

  // Whole numbers: off by default; turning them on asks first and warns; the next payload has it.
  const whole = page.getByRole("checkbox", { name: "Include customers' whole phone numbers" });
  await expect(whole).not.toBeChecked();
  await whole.click();
  await expect(dialog).toContainText("personal data");
  await expect(dialog).toContainText("recorded in the audit log");
  await dialog.getByRole("button", { name: "Include whole numbers" }).click();
  await expect(whole).toBeChecked();
  const third = await chargeVia(page.request, { amount: "1.30", phone: "0240000001", description: "webhook whole number" });
  const withNumber = await receiver.waitFor(aboutCharge(third.id, path), "the event with the whole number");
  expect(verify(secret2, withNumber).data.phone_number).toBe("0240000001");
  // Both in the audit log, naming the endpoint.
  for (const action of ["webhook_secret_rotated", "webhook_phone_number_shared"]) {
    expect(await (await page.request.get(`/api/audit?action=${action}`)).text(), action).toContain(endpointId);
  }
  await expectAccessible(page, "an endpoint after a rotation");

  // Deleted: asked first, then gone from the list.
  await page.getByRole("button", { name: "Delete endpoint…" }).click();
  await dialog.getByRole("button", { name: "Delete endpoint" }).click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);
  await expect(page.getByTestId("endpoint-row").filter({ hasText: receiver.url(path) })).toHaveCount(0);
  expect((await page.request.get(`/api/webhooks/${endpointId}`)).status()).toBe(404);
});
