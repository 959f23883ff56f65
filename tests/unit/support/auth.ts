// Building blocks for sign-in and team tests: a real Better Auth on the test database (see
// db.ts: fresh tables before each test), members created through it, cookies, audit rows.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, vi } from "vitest";
import { createAuth, type Auth } from "@/lib/auth/create-auth";
import { createMember } from "@/lib/auth/members";
import type { Role } from "@/lib/auth/roles";
import type { Db } from "@/lib/db/open";
import { auditEvents, session } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import { useLedger, type Backend } from "./db";

export const PASSWORD = "correct horse battery";
export const TEST_SECRET = "unit-test-secret-unit-test-secret-0123456789";

/** The database of useLedger plus a Better Auth built on it, for the enclosing describe. */
export function useAuth(backend: Backend): { db: () => Db; auth: () => Auth } {
  const db = useLedger(backend);
  let auth: Auth | undefined;
  const print = console.log;
  beforeAll(() => {
    auth = createAuth({ db: db(), secret: TEST_SECRET });
    // Better Auth logs every refused password (as our JSON line); refusals are what these tests
    // do on purpose, so those lines are kept (mock.calls) but not printed.
    vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].includes('"event":"better_auth"')) return;
      print(...args);
    });
  });
  afterAll(() => {
    vi.mocked(console.log).mockRestore();
  });
  return { db, auth: () => auth! };
}

/**
 * This Better Auth with its password checks counted: `checked` lists the passwords
 * signInEmail was called with; `before` runs ahead of each call (to fail it, or to age a row).
 */
export function countingAuth(auth: Auth, before?: () => Promise<void>): { auth: Auth; checked: string[] } {
  const checked: string[] = [];
  const signInEmail = (async (...args: Parameters<Auth["api"]["signInEmail"]>) => {
    checked.push(args[0]?.body.password ?? "");
    await before?.();
    return auth.api.signInEmail(...args);
  }) as Auth["api"]["signInEmail"];
  return { auth: { ...auth, api: { ...auth.api, signInEmail } }, checked };
}

export type TestMember = { id: string; email: string };

export async function makeMember(auth: Auth, email: string, role: Role, password = PASSWORD): Promise<TestMember> {
  const id = await createMember(auth, { name: email.split("@")[0], email, password, role });
  return { id, email };
}

/** The Cookie request header a browser would send back after these Set-Cookie headers. */
export function cookieFrom(setCookies: Headers): Headers {
  const pairs = setCookies.getSetCookie().map((c) => c.split(";")[0]);
  expect(pairs.length).toBeGreaterThan(0);
  return new Headers({ cookie: pairs.join("; ") });
}

/** A real session for this member, as signing in through Better Auth makes it. */
export async function sessionCookie(auth: Auth, email: string, password = PASSWORD): Promise<Headers> {
  const { headers } = await auth.api.signInEmail({ body: { email, password }, headers: new Headers(), returnHeaders: true });
  return cookieFrom(headers);
}

export async function auditRows(db: Db) {
  return db.select().from(auditEvents).orderBy(asc(auditEvents.id));
}

export async function sessionCount(db: Db, userId: string): Promise<number> {
  return (await db.select().from(session).where(eq(session.userId, userId))).length;
}

/** The ApiError a promise rejects with (fails the test if it resolves or throws anything else). */
export async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "expected an ApiError").toBeInstanceOf(ApiError);
  return error as ApiError;
}
