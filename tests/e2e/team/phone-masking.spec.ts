// Personal data (docs/operations.md, "Personal data"): staff see another member's customer's number masked
// (024 ••• ••67) on every page and in every answer that carries it — the list, the charge page,
// the receipt, the JSON API — and whole on their own charges; owner and support see it whole, and
// their CSV export carries it whole. The mask is made on the server: the whole number is in no
// byte the staff member's browser receives. At phone and desktop widths.
import { request, type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { chargeVia } from "../support/api";
import { uniqueDescription } from "../support/charge";
import { addMember, ownerApi } from "../support/members";
import { reauth } from "../support/reauth";
import { stateOf, type E2eRole } from "../support/users";

/** A number no other test uses (MTN prefix 054, valid for the sandbox: it succeeds). */
const freshNumber = () => `054${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
const masked = (n: string) => `${n.slice(0, 3)} ••• ••${n.slice(-2)}`;
const whole = (n: string) => `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
/**
 * The digits a mask hides, in any grouping the server could write them: none may reach a staff
 * member. The five hidden digits alone count when they stand apart: inside a longer run of
 * letters or digits (a reference, an id) they are chance, not the number.
 */
const hidden = (n: string) => [n.slice(1), new RegExp(`(?<![0-9A-Za-z])${n.slice(3, 8)}(?![0-9A-Za-z])`), whole(n)];

let other: { id: string; number: string; description: string; reference: string | null };

test.beforeAll(async ({ baseURL }) => {
  // Another staff member makes a charge: the seeded staff member did not.
  const owner = await ownerApi(baseURL as string);
  const ama = await addMember(owner, "staff", "mask-ama", "Ama Masked");
  await owner.dispose();
  const api = await request.newContext({ baseURL });
  const signIn = await api.post("/api/session", {
    data: { email: ama.email, password: ama.password },
    headers: { "Content-Type": "application/json" },
  });
  expect(signIn.status(), await signIn.text()).toBeLessThan(300);
  const number = freshNumber();
  const description = uniqueDescription("masked-for-staff");
  const made = await chargeVia(api, { amount: "4.20", phone: number, description });
  await api.dispose();
  other = { id: made.id, number, description, reference: made.reference };
});

async function apiAs(role: E2eRole, baseURL: string | undefined): Promise<APIRequestContext> {
  return request.newContext({ baseURL, storageState: stateOf(role) });
}

function expectNoWholeNumber(text: string, number: string) {
  for (const h of hidden(number)) {
    if (typeof h === "string") expect(text, `holds ${h}`).not.toContain(h);
    else expect(text, `holds ${h.source}`).not.toMatch(h);
  }
}

for (const width of [375, 1280]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("staff: another member's charge shows the number masked in the list, on its page and on its receipt", async ({
      page,
      baseURL,
    }) => {
      // Every answer of our own server the browser receives (documents, flight data, polling).
      const bodies: Promise<string>[] = [];
      page.on("response", (r) => {
        if (r.url().startsWith(baseURL as string)) bodies.push(r.text().catch(() => ""));
      });
      await page.goto(`/transactions?q=${encodeURIComponent(other.description)}`);
      const row = page.getByTestId("charge-row").filter({ hasText: other.description });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId("masked-phone")).toContainText(masked(other.number));

      await page.goto(`/transactions/${other.id}`);
      await expect(page.getByTestId("masked-phone")).toContainText(masked(other.number));
      // Descriptions stay visible: they are what staff search for.
      await expect(page.getByText(other.description).first()).toBeVisible();

      await page.goto(`/transactions/${other.id}/receipt`);
      await expect(page.getByText(masked(other.number))).toBeVisible();
      for (const b of await Promise.all(bodies)) expectNoWholeNumber(b, other.number);
      expectNoWholeNumber(await page.content(), other.number);
    });
  });
}

test("staff: the JSON API masks another member's number, a search by the number finds it masked, and their own charge is whole", async ({
  baseURL,
  page,
}) => {
  const staff = await apiAs("staff", baseURL);
  const one = await staff.get(`/api/charges/${other.id}`);
  expect(one.status()).toBe(200);
  expect((await one.json()).charge).toMatchObject({ phoneNumber: masked(other.number), phoneMasked: true, description: other.description });
  const recent = await (await staff.get("/api/charges")).text();
  expectNoWholeNumber(recent, other.number);
  expectNoWholeNumber(await (await staff.get(`/transactions/${other.id}`)).text(), other.number);

  const mine = freshNumber();
  const own = await chargeVia(staff, { amount: "1.10", phone: mine, description: uniqueDescription("own-number") });
  expect((await (await staff.get(`/api/charges/${own.id}`)).json()).charge).toMatchObject({ phoneNumber: mine, phoneMasked: false });
  await staff.dispose();

  // They typed the whole number: the match is shown, masked all the same.
  await page.goto(`/transactions?q=${other.number}`);
  await expect(page.getByTestId("charge-row").filter({ hasText: other.description }).getByTestId("masked-phone")).toContainText(
    masked(other.number),
  );
  // Part of a number is no search by number: it finds nothing to spell the number out with.
  await page.goto(`/transactions?q=${other.number.slice(0, 6)}`);
  await expect(page.getByTestId("charge-row").filter({ hasText: other.description })).toHaveCount(0);
});

for (const role of ["owner", "support"] as const) {
  test(`${role}: the number whole on the page, in the API and in the CSV export`, async ({ baseURL, browserAs }) => {
    const context = await browserAs(role);
    const page: Page = await context.newPage();
    await page.goto(`/transactions/${other.id}`);
    await expect(page.getByText(whole(other.number))).toBeVisible();
    await expect(page.getByTestId("masked-phone")).toHaveCount(0);
    await context.close();

    const api = await apiAs(role, baseURL);
    // The export asks for a recent proof: the role's saved session may be older than that.
    await reauth(api);
    expect((await (await api.get(`/api/charges/${other.id}`)).json()).charge).toMatchObject({
      phoneNumber: other.number,
      phoneMasked: false,
    });
    const csv = await api.get(`/api/charges/export?q=${encodeURIComponent(other.description)}`);
    expect(csv.status()).toBe(200);
    // Whole, as the screen shows it ("024 123 4567": text in a spreadsheet, the leading zero kept).
    expect(await csv.text()).toContain(`"${other.number.slice(0, 3)} ${other.number.slice(3, 6)} ${other.number.slice(6)}"`);
    await api.dispose();
  });
}
