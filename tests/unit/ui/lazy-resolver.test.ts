// The forms' checks load on first use (components/ui/lazy-resolver.ts): once however many checks
// ask at the same time, with the schema's own messages, and a failed load sends nothing and is
// tried again.
import { describe, expect, it } from "vitest";
import type { ResolverOptions } from "react-hook-form";
import { CHECKS_UNAVAILABLE, lazyZodResolver } from "@/components/ui/lazy-resolver";
import { inviteSchema, type InviteValues } from "@/lib/team/schema";

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<InviteValues>;
const good: InviteValues = { name: "  Ama Mensah ", email: "ama@example.com", role: "staff" };

function counted(fail = 0) {
  const calls = { n: 0 };
  const load = async () => {
    calls.n++;
    if (calls.n <= fail) throw new Error("ChunkLoadError: Loading chunk 123 failed.");
    return inviteSchema;
  };
  return { calls, load };
}

describe("lazyZodResolver", () => {
  it("loads nothing until the first check, then once for any number of checks at once", async () => {
    const { calls, load } = counted();
    const resolver = lazyZodResolver<InviteValues>(load);
    expect(calls.n).toBe(0);
    const results = await Promise.all(Array.from({ length: 20 }, () => resolver(good, undefined, options)));
    expect(calls.n).toBe(1);
    await resolver(good, undefined, options);
    expect(calls.n).toBe(1);
    // The schema's output: the name trimmed, as the server would parse it.
    for (const r of results) expect(r).toEqual({ values: { name: "Ama Mensah", email: "ama@example.com", role: "staff" }, errors: {} });
  });

  it("gives the schema's own messages for the fields it refuses", async () => {
    const resolver = lazyZodResolver<InviteValues>(counted().load);
    const r = await resolver({ name: "", email: "not an email", role: "admin" as never }, undefined, options);
    expect(r.values).toEqual({});
    expect(Object.keys(r.errors).sort()).toEqual(["email", "name", "role"]);
    expect(r.errors.email?.message).toMatch(/email/i);
  });

  it("preload starts the one load that the first check then uses", async () => {
    const { calls, load } = counted();
    const resolver = lazyZodResolver<InviteValues>(load);
    resolver.preload();
    resolver.preload();
    expect(calls.n).toBe(1);
    expect((await resolver(good, undefined, options)).errors).toEqual({});
    expect(calls.n).toBe(1);
  });

  it("a failed load refuses the submit with a root error, and the next check loads again", async () => {
    const { calls, load } = counted(2);
    const resolver = lazyZodResolver<InviteValues>(load);
    // A failed preload is silent (no unhandled rejection) and is not kept.
    resolver.preload();
    await new Promise((r) => setTimeout(r, 0));
    const refused = await resolver(good, undefined, options);
    expect(refused.values).toEqual({});
    expect(refused.errors).toEqual({ root: { type: "checks_unavailable", message: CHECKS_UNAVAILABLE } });
    expect(calls.n).toBe(2);
    const passed = await resolver(good, undefined, options);
    expect(passed.errors).toEqual({});
    expect(calls.n).toBe(3);
  });
});
