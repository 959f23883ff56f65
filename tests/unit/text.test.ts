// Text the database cannot store (NUL), or would store changed (a lone surrogate), or that hides
// text (control characters) is refused by every schema that takes free text, naming the field.
import { describe, expect, test } from "vitest";
import { newMemberSchema, setupSchema, signInSchema } from "@/lib/team/schema";
import { parseHistoryFilters } from "@/lib/history/filters";
import { resolutionSchema } from "@/lib/reconcile/schema";
import { chargeFormSchema } from "@/lib/charges/schema";
import { isPlainLine, isPlainText } from "@/lib/text";

const BAD = ["\u0000", "\u0007", "\u001b[31m", "\u007f", "\u0085", "\ud800", "\udfff", "x\ud83dy"];
const GOOD = ["Order 12345", "Ama's fees, class 3 — term 2", "Ɛ ŋ ɔ ₵", "🙂 emoji", "naïve café"];

describe("isPlainLine / isPlainText", () => {
  test.each(GOOD)("accepts %j", (s) => {
    expect(isPlainLine(s)).toBe(true);
    expect(isPlainText(s)).toBe(true);
  });
  test.each(BAD)("refuses %j anywhere in the text", (bad) => {
    for (const s of [bad, `start ${bad}`, `${bad} end`, `mid${bad}dle`]) {
      expect(isPlainLine(s)).toBe(false);
      expect(isPlainText(s)).toBe(false);
    }
  });
  test("line breaks and tabs: not in a line, fine in a note", () => {
    for (const s of ["two\nlines", "tab\there", "crlf\r\n"]) {
      expect(isPlainLine(s)).toBe(false);
      expect(isPlainText(s)).toBe(true);
    }
  });
});

const charge = { amount: "10", currency: "GHS", phoneNumber: "0240000001", provider: "mtn", description: "ok" };
const member = { name: "Ama Mensah", email: "ama@example.com", role: "staff", password: "a-long-password" };

/** Each schema and field that takes free text, with a valid body around it. */
const FIELDS: [string, (v: string) => { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }][] = [
  ["description", (v) => chargeFormSchema.safeParse({ ...charge, description: v })],
  ["amount", (v) => chargeFormSchema.safeParse({ ...charge, amount: `1${v}0` })],
  ["phoneNumber", (v) => chargeFormSchema.safeParse({ ...charge, phoneNumber: `024${v}0000001` })],
  ["note", (v) => resolutionSchema.safeParse({ outcome: "success", note: `checked ${v} by phone` })],
  ["name", (v) => newMemberSchema.safeParse({ ...member, name: `Ama${v}` })],
  ["email", (v) => newMemberSchema.safeParse({ ...member, email: `ama${v}@example.com` })],
  ["name", (v) => setupSchema.safeParse({ ...member, name: `Ama${v}` })],
  ["email", (v) => signInSchema.safeParse({ email: `ama@example.com${v}`, password: "x" })],
];

describe.each(FIELDS)("the %s field", (field, parse) => {
  test.each(BAD)("refuses %j, naming the field", (bad) => {
    const result = parse(bad);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join("."))).toContain(field);
  });
});

describe("history filters", () => {
  test.each(BAD)("a search or member with %j is named as a problem and not applied", (bad) => {
    const { filters, problems } = parseHistoryFilters({ q: `rent${bad}al`, member: `user${bad}` });
    expect(filters.q).toBeUndefined();
    expect(filters.member).toBeUndefined();
    expect(Object.keys(problems).sort()).toEqual(["member", "q"]);
  });
});
