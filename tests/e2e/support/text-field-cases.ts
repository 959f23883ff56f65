// Every text field and id of the app with one bad character in it (hostile-input.spec.ts): what
// to send, the status to expect, and the field the refusal must name (null for an id's 404).
import type { APIRequestContext } from "@playwright/test";
import { clientAddress } from "./attack";
import { body, q } from "./hostile-app";
import { remember } from "./used-text";

type Case = [what: string, send: () => Promise<{ status(): number; text(): Promise<string> }>, status: number, field: string | null];
type Who = { staff: APIRequestContext; owner: APIRequestContext; support: APIRequestContext; anonymous: APIRequestContext };

const STRONG_PASSWORD = "a-long-enough-password";

/** The cases for character `c`; `open` is an unknown charge's id, `invitePath` an open invite's API path. */
export function textFieldCases(
  { staff, owner, support, anonymous, open, invitePath, next }: Who & { open: string; invitePath: string; next: () => number },
  c: string,
): Case[] {
  return [
    [
      "description",
      () =>
        staff.post("/api/charges", { data: body({ description: `a${c}b` }), headers: { "Idempotency-Key": `chars_${next()}_0123456789` } }),
      422,
      "description",
    ],
    [
      "phone",
      () =>
        staff.post("/api/charges", {
          data: body({ phoneNumber: `024${c}0000001` }),
          headers: { "Idempotency-Key": `chars_${next()}_0123456789` },
        }),
      422,
      "phoneNumber",
    ],
    [
      "member name",
      () =>
        owner.post("/api/team", {
          data: { name: `Ama${c}`, email: `ama${next()}@e2e.test`, role: "staff", password: "member-password-0123" },
        }),
      422,
      "name",
    ],
    [
      "member email",
      () =>
        owner.post("/api/team", {
          data: { name: "Ama", email: `ama${next()}${c}@e2e.test`, role: "staff", password: "member-password-0123" },
        }),
      422,
      "email",
    ],
    [
      "invite name",
      () => owner.post("/api/team/invites", { data: { name: `Ama${c}`, email: `invited${next()}@e2e.test`, role: "staff" } }),
      422,
      "name",
    ],
    [
      "invite email",
      () => owner.post("/api/team/invites", { data: { name: "Ama", email: `invited${next()}${c}@e2e.test`, role: "staff" } }),
      422,
      "email",
    ],
    ["invite acceptance name", () => anonymous.post(invitePath, { data: { name: `Kofi${c}`, password: STRONG_PASSWORD } }), 422, "name"],
    ["business name", () => owner.put("/api/business", { data: { name: `Shop${c}`, timeZone: "UTC" } }), 422, "name"],
    ["time zone", () => owner.put("/api/business", { data: { name: "Shop", timeZone: `UTC${c}` } }), 422, "timeZone"],
    [
      "business phone",
      () => owner.put("/api/business", { data: { name: "Shop", timeZone: "UTC", contactPhone: `030 123 4567${c}` } }),
      422,
      "contactPhone",
    ],
    [
      "business email",
      () => owner.put("/api/business", { data: { name: "Shop", timeZone: "UTC", contactEmail: `help${c}@shop.example` } }),
      422,
      "contactEmail",
    ],
    [
      "sign-in email",
      () =>
        anonymous.post("/api/session", {
          data: { email: `owner${c}@e2e.test`, password: "x" },
          headers: { "X-Forwarded-For": clientAddress() },
        }),
      422,
      "email",
    ],
    [
      "note",
      () => support.post(`/api/charges/${open}/resolve`, { data: { outcome: "failed", note: remember(`checked ${c} by phone`) } }),
      422,
      "note",
    ],
    [
      "reversal note",
      () =>
        support.post(`/api/charges/${open}/reversals`, {
          data: { amount: "0.01", method: "cash", note: remember(`given back ${c} at the counter`) },
        }),
      422,
      "note",
    ],
    [
      "customer name",
      () => staff.post("/api/customers", { data: { name: `Ama${c}`, phoneNumber: "0241234567", provider: "mtn" } }),
      422,
      "name",
    ],
    [
      "customer reference",
      () => staff.post("/api/customers", { data: { name: "Ama", phoneNumber: "0241234567", provider: "mtn", reference: `R${c}1` } }),
      422,
      "reference",
    ],
    [
      "batch name",
      () => staff.post("/api/batches", { data: { label: `Term${c}`, rows: [{ phone: "0241234567", amount: "1" }] } }),
      422,
      "label",
    ],
    [
      "batch row description",
      () =>
        staff.post("/api/batches", {
          data: { label: "Term fees", rows: [{ phone: "0241234567", amount: "1", description: remember(`fees ${c} for term`) }] },
        }),
      422,
      "rows.0.description",
    ],
    [
      "imported customer name",
      () => staff.post("/api/customers/import", { data: { rows: [{ line: 2, name: `Ama${c}`, phone: "0241234567" }] } }),
      422,
      "rows.0.name",
    ],
    [
      "imported customer note",
      () =>
        staff.post("/api/customers/import", {
          data: { rows: [{ line: 2, name: "Ama", phone: "0241234567", note: remember(`owes ${c} for March`) }] },
        }),
      422,
      "rows.0.note",
    ],
    ["batch id", () => staff.get(`/api/batches/${q(`id${c}`)}`), 404, null],
    ["customer search", () => staff.get(`/api/customers?q=${q(`Ama${c}`)}`), 422, "q"],
    ["customer id", () => staff.get(`/api/customers/${q(`id${c}`)}`), 404, null],
    ["export search", () => owner.get(`/api/charges/export?q=${q(`rent${c}al`)}`), 422, "q"],
    ["export member", () => owner.get(`/api/charges/export?member=${q(`u${c}`)}`), 422, "member"],
    ["team id", () => owner.patch(`/api/team/${q(`id${c}`)}`, { data: { role: "staff" } }), 404, null],
    ["charge id", () => owner.get(`/api/charges/${q(`id${c}`)}`), 404, null],
    ["invite id", () => owner.delete(`/api/team/invites/${q(`id${c}`)}`), 404, null],
    [
      "invite link id",
      () => anonymous.post(`/api/invites/${q(`tok${c}`)}`, { data: { name: "Kofi", password: STRONG_PASSWORD } }),
      404,
      null,
    ],
    ["invite page id", () => anonymous.get(`/invite/${q(`tok${c}`)}`), 200, null],
    [
      "resolve id",
      () => support.post(`/api/charges/${q(`id${c}`)}/resolve`, { data: { outcome: "failed", note: "checked by phone" } }),
      404,
      null,
    ],
    [
      "reversal id",
      () =>
        support.post(`/api/charges/${q(`id${c}`)}/reversals`, {
          data: { amount: "0.01", method: "cash", note: "given back at the counter" },
        }),
      404,
      null,
    ],
    ["history search", () => owner.get(`/transactions?q=${q(`rent${c}al`)}`), 200, null],
    ["charge page id", () => owner.get(`/transactions/${q(`id${c}`)}`), 404, null],
  ];
}
