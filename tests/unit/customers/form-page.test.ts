// The customer form's pages (lib/customers/form-page.ts, as lib/startup.ts serves them through
// lib/layout/staff-page.ts), on each database, with the route harness's sandbox as the upstream:
// "Save as customer" copies a charge's number only for a member who sees it whole (never a masked
// one, never an address that names no charge); the edit page gives the customer to whoever may
// change them, a 403 to a member who sees the number masked, a 404 to an id that names none.
import { describe, expect, test } from "vitest";
import { currentChargeView } from "@/lib/charges/views";
import { editCustomerView, newCustomerView } from "@/lib/customers/form-page";
import type { CustomerFormView } from "@/lib/customers/types";
import { staffPage } from "@/lib/layout/staff-page";
import type { PageRequest, StaffAnswer } from "@/lib/layout/types";
import { backends } from "../support/db";
import { type Client, useRouteHarness } from "../support/route-harness";

const PASSWORD = "customer-form-password-0123";
const json = { "content-type": "application/json" };
let keys = 0;

describe.each(backends)("the customer form's pages on $name", (backend) => {
  const app = useRouteHarness(backend);
  const members = new Map<string, Client>();
  const as = async (role: "owner" | "staff" | "support") => {
    if (!members.has(role)) {
      await app.addMember(`${role}@customer-form.test`, role, PASSWORD);
      members.set(role, (await app.signIn(`${role}@customer-form.test`, PASSWORD)).client);
    }
    return members.get(role)!;
  };
  const request = (who: Client, query: PageRequest["query"] = {}) => app.pageRequest(who, "/customers/new", query);
  const newPage = (who: Client, query: PageRequest["query"]) =>
    staffPage(request(who, query), "customer:manage", "/customers/new", (ctx) => newCustomerView(ctx, query, currentChargeView));
  const editPage = (who: Client, id: string) =>
    staffPage(request(who), "customer:manage", `/customers/${id}/edit`, (ctx) => editCustomerView(ctx, id));
  const view = (answer: StaffAnswer<CustomerFormView>): CustomerFormView => {
    if (answer.kind !== "page" || answer.status !== 200) throw new Error(`expected the page, got ${JSON.stringify(answer)}`);
    return answer.view;
  };
  const charge = async (who: Client, phoneNumber: string) => {
    const body = { amount: "2.00", currency: "GHS", phoneNumber, provider: "vodafone", description: "customer form" };
    const made = await who.fetch("/api/charges", {
      method: "POST",
      body,
      headers: { ...json, "idempotency-key": `cf_${Date.now()}_${keys++}` },
    });
    expect(made.status).toBe(201);
    return (await made.json()).charge as { id: string; phoneNumber: string };
  };

  test("Save as customer: the charge's number and network, for a member who sees the number whole", async () => {
    const owner = await as("owner");
    const staff = await as("staff");
    const ownersCharge = await charge(owner, "0201234567");
    const staffsCharge = await charge(staff, "0207654321");

    expect(view(await newPage(owner, { charge: ownersCharge.id }))).toEqual({
      initial: null,
      prefill: { phoneNumber: ownersCharge.phoneNumber, provider: "vodafone" },
    });
    expect(ownersCharge.phoneNumber).toMatch(/1234567$/);
    // Staff see another member's charge masked: nothing of it reaches the form.
    expect(view(await newPage(staff, { charge: ownersCharge.id }))).toEqual({ initial: null, prefill: null });
    expect(view(await newPage(staff, { charge: staffsCharge.id })).prefill).toEqual({
      phoneNumber: staffsCharge.phoneNumber,
      provider: "vodafone",
    });
    // An address that names no charge, or not one id: an empty form, not an error.
    for (const bad of ["00000000-0000-4000-8000-000000000000", "not-an-id", ["a", "b"], "' or 1=1 --"]) {
      expect(view(await newPage(owner, { charge: bad }))).toEqual({ initial: null, prefill: null });
    }
    // Support may not add customers.
    expect(await newPage(await as("support"), { charge: ownersCharge.id })).toMatchObject({ kind: "page", status: 403, view: null });
  });

  test("Edit: the customer for who may change them; masked is 403, none is 404", async () => {
    const owner = await as("owner");
    const staff = await as("staff");
    const added = await owner.fetch("/api/customers", {
      method: "POST",
      body: { name: "Abena Form", phoneNumber: "0241112223", provider: "mtn", reference: "ST-9", email: "", note: "front desk" },
      headers: json,
    });
    expect(added.status).toBe(201);
    const { customer } = (await added.json()) as { customer: { id: string; phoneNumber: string } };

    expect(view(await editPage(owner, customer.id))).toEqual({
      initial: {
        id: customer.id,
        name: "Abena Form",
        phoneNumber: customer.phoneNumber,
        provider: "mtn",
        reference: "ST-9",
        email: "",
        note: "front desk",
      },
      prefill: null,
    });
    // Staff see the owner's customer's number masked: changing it would show it.
    expect(await editPage(staff, customer.id)).toMatchObject({ kind: "page", status: 403, view: null });
    expect(await editPage(owner, "00000000-0000-4000-8000-000000000000")).toMatchObject({ kind: "page", status: 404, view: null });
    expect(await editPage(owner, "../../api")).toMatchObject({ kind: "page", status: 404, view: null });
  });
});
