// applyFieldErrors and namesField (components/ui/field-errors.ts) on a real react-hook-form form
// (createFormControl, the store useForm keeps): a refusal's words land under the fields it names,
// the form's own list decides which, and the form's alert hears whether any field was named.
import { expect, test } from "vitest";
import { createFormControl } from "react-hook-form";
import { applyFieldErrors, namesField } from "@/components/ui/field-errors";
import { HttpError } from "@/components/ui/fetch-json";

type Values = { name: string; email: string };
const refusal = (fields?: Record<string, string>) => new HttpError(422, "invalid_request", "Check the fields.", fields);

function form() {
  const f = createFormControl<Values>({ defaultValues: { name: "", email: "" } });
  const message = (key: string) => (f.control._formState.errors as Record<string, { message?: string } | undefined>)[key]?.message;
  return { setError: f.setError, message };
}

test("only the listed fields take the server's words", () => {
  const f = form();
  applyFieldErrors(refusal({ email: "This email is already on the team", customerId: "c-1" }), f.setError, ["name", "email"]);
  expect(f.message("email")).toBe("This email is already on the team");
  expect(f.message("name")).toBeUndefined();
  expect(f.message("customerId")).toBeUndefined();
});

test("without a list, every field the server names takes its words", () => {
  const f = form();
  applyFieldErrors(refusal({ name: "Enter a name", email: "Enter a valid email address" }), f.setError);
  expect(f.message("name")).toBe("Enter a name");
  expect(f.message("email")).toBe("Enter a valid email address");
});

test("a refusal without fields, or another error, sets nothing", () => {
  const f = form();
  applyFieldErrors(refusal(), f.setError);
  applyFieldErrors(new Error("Could not reach the dashboard's server."), f.setError);
  applyFieldErrors(new HttpError(429, "rate_limited", "Too many tries."), f.setError, ["email"]);
  expect(f.message("name")).toBeUndefined();
  expect(f.message("email")).toBeUndefined();
});

test("namesField: whether the alert has anything left to say", () => {
  expect(namesField(refusal({ email: "Enter a valid email address" }), ["name", "email"])).toBe(true);
  expect(namesField(refusal({ currency: "Not offered" }), ["name", "email"])).toBe(false);
  expect(namesField(refusal({ currency: "Not offered" }))).toBe(true);
  expect(namesField(refusal())).toBe(false);
  expect(namesField(new HttpError(409, "conflict", "Changed meanwhile."), ["email"])).toBe(false);
  expect(namesField(null)).toBe(false);
});
