// Sharing a pay link where customers are (issue 40.4), at desktop and phone widths, on the server
// that sends email (the run's SMTP sink): the link's page offers a message to edit, prefilled with
// the amount, what it is for and the link; WhatsApp and SMS open with the edited text, to the
// directory customer's number; "Email to <name>" sends that text to the customer's address. A link
// for anyone opens any chat and offers no email; a message without the link sends nothing.
import { expect, test } from "../support/fixtures";
import { apiAs } from "../support/api";
import { axeViolations } from "../support/axe";
import { remember } from "../support/used-text";

const json = { "Content-Type": "application/json" };

for (const { name, width } of [
  { name: "desktop", width: 1280 },
  { name: "phone", width: 390 },
]) {
  test(`${name}: the share area's message is edited, WhatsApp and SMS carry it, and the email arrives with it`, async ({
    browserAs,
    baseURL,
    mailbox,
  }) => {
    const tag = `${name}-${Date.now().toString(36)}`;
    const phone = `024${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const email = remember(`esi.${tag}@example.test`);
    const customer = `Esi Share ${phone.slice(-4)}`;
    const what = remember(`Order ${tag}: kente cloth`);
    const staffApi = await apiAs("staff", baseURL!);
    const added = await staffApi.post("/api/customers", {
      data: { name: customer, phoneNumber: phone, provider: "mtn", email: `  ${email.toUpperCase()} ` },
      headers: json,
    });
    expect(added.status(), await added.text()).toBe(201);
    const made = await staffApi.post("/api/payment-requests", {
      data: { amount: "12.50", currency: "GHS", description: what, customerId: (await added.json()).customer.id },
      headers: json,
    });
    expect(made.status()).toBe(201);
    const forAnyone = await staffApi.post("/api/payment-requests", {
      data: { amountKind: "open", minAmount: "1.00", maxAmount: "100.00", currency: "GHS", description: remember(`Donations ${tag}`) },
      headers: json,
    });
    expect(forAnyone.status()).toBe(201);
    const { request } = (await made.json()) as { request: { id: string } };
    const anyone = ((await forAnyone.json()) as { request: { id: string } }).request;
    await staffApi.dispose();

    const staff = await browserAs("staff", { viewport: { width, height: 900 } });
    const page = await staff.newPage();
    await page.goto(`/pay-links/${request.id}`);
    const link = await page.getByTestId("request-url").inputValue();
    const share = page.getByTestId("request-share");
    const message = share.getByLabel("Message");
    await expect(message).toHaveValue(new RegExp(`GH₵12\\.50 for ${what}\\. Pay here: ${link}$`));
    await message.scrollIntoViewIfNeeded();
    await expect(message).toBeInViewport();

    // Edited: &, #, a line break and letters outside ASCII travel whole in both addresses.
    const edited = remember(`Hello ${customer} & co #1 — Ɛsi Nyamekyɛ ${tag}\nYour kente: GH₵12.50. Pay here: ${link}`);
    await message.fill(edited);
    const international = `233${phone.slice(1)}`;
    await expect(share.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
      "href",
      `https://wa.me/${international}?text=${encodeURIComponent(edited)}`,
    );
    await expect(share.getByRole("link", { name: "SMS" })).toHaveAttribute("href", `sms:${phone}?&body=${encodeURIComponent(edited)}`);
    expect(await axeViolations(page)).toEqual([]);

    // Without the link the message is not sent anywhere.
    await message.fill("Hello, please pay soon.");
    await expect(share.getByText("Keep the pay link in the message")).toBeVisible();
    await expect(share.getByRole("link", { name: "WhatsApp" })).toHaveCount(0);
    await expect(share.getByRole("button", { name: `Email to ${customer}` })).toBeDisabled();

    await message.fill(edited);
    await share.getByRole("button", { name: `Email to ${customer}` }).click();
    await expect(page.getByText(`Emailed the link to ${customer}.`)).toBeVisible();
    const mail = await mailbox.to(email, (m) => m.text.includes(tag));
    expect(mail.text.trim()).toBe(edited);
    expect(mail.subject).toMatch(/: payment link$/);
    expect(mail.html).toBe("");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // A link for anyone: any chat, any number, and no email.
    await page.goto(`/pay-links/${anyone.id}`);
    await expect(share.getByLabel("Message")).toHaveValue(/GH₵1\.00 to GH₵100\.00 for Donations/);
    await expect(share.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
    await expect(share.getByRole("link", { name: "SMS" })).toHaveAttribute("href", /^sms:\?&body=/);
    await expect(share.getByRole("button", { name: /^Email to/ })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await staff.close();
  });
}
