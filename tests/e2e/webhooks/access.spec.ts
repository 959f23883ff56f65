// The endpoint form's refusals, at 1280 and 390 px: an empty form names each missing field; an
// address the TEST key does not allow (plain http outside this machine) is refused by the server and
// said under the URL field, and nothing is added. Only owners see webhooks: staff and support are
// refused the pages and the API; an endpoint that does not exist is not found.
import { expect, test } from "../support/fixtures";
import { reauth } from "../support/reauth";

const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

for (const width of [1280, 390]) {
  test(`${width} px: an empty form names what is missing; http://example.com is refused under the URL field`, async ({ browserAs }) => {
    const context = await browserAs("owner", { viewport: { width, height: 900 } });
    const page = await context.newPage();
    await reauth(page.request);
    await page.goto("/settings/webhooks");
    const form = page.getByTestId("endpoint-form");
    const url = form.getByLabel("Endpoint URL");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(form).toContainText("Enter the endpoint's address");
    await expect(form).toContainText("Choose at least one event");

    const address = `http://example.com/hooks-${width}-${Date.now().toString(36)}`;
    await url.fill(address);
    await form.getByRole("checkbox", { name: /A charge failed/ }).check();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    const message = "Plain http is allowed only to this machine (127.0.0.1) with a TEST key.";
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(url).toHaveAccessibleDescription(new RegExp(message.replace(/[.()]/g, "\\$&")));
    await expect(page.locator("#new-endpoint-url-error")).toHaveText(message);
    await expect(form.getByText("Choose at least one event")).toHaveCount(0);
    await expect(page.getByTestId("secret-panel")).toHaveCount(0);
    expect(await (await page.request.get("/api/webhooks")).text()).not.toContain(address);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
}

test("staff and support are refused the webhooks pages and API; an unknown endpoint is not found", async ({ browserAs }) => {
  for (const role of ["staff", "support"] as const) {
    const context = await browserAs(role);
    const page = await context.newPage();
    for (const path of ["/settings/webhooks", `/settings/webhooks/${NO_SUCH_ID}`]) {
      const res = await page.goto(path);
      expect(res?.status(), `${path} as ${role}`).toBe(403);
      await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Webhooks", includeHidden: true })).toHaveCount(0);
    for (const [method, path] of [
      ["GET", "/api/webhooks"],
      ["POST", "/api/webhooks"],
      ["GET", `/api/webhooks/${NO_SUCH_ID}/attempts`],
      ["POST", `/api/webhooks/${NO_SUCH_ID}/rotate`],
    ]) {
      const res = await page.request.fetch(path, { method, data: method === "POST" ? {} : undefined });
      expect(res.status(), `${method} ${path} as ${role}`).toBe(403);
      expect((await res.json()).error.code).toBe("forbidden");
    }
    await context.close();
  }
  const owner = await browserAs("owner");
  const page = await owner.newPage();
  for (const path of [`/settings/webhooks/${NO_SUCH_ID}`, "/settings/webhooks/not-a-uuid"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "No such webhook endpoint" })).toBeVisible();
  }
  await page.getByRole("link", { name: "See the endpoints" }).click();
  await expect(page).toHaveURL(/\/settings\/webhooks$/);
  await owner.close();
});
