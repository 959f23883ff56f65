// Building blocks for sign-in and team tests: a real Better Auth on the test database (see
// db.ts: fresh tables before each test), members created through it, cookies, audit rows.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, vi } from "vitest";
import { createAuth, type Auth } from "@/lib/auth/create-auth";
import { createMember } from "@/lib/team/members";
import type { Role } from "@/lib/access/roles";
import type { Member } from "@/lib/access/types";
import type { Db } from "@/lib/db/open";
import { auditEvents, session } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { statusOf } from "@/lib/http/errors";
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

/** A member made through Better Auth, as the guards would hand them to a use case (askerOf). */
export async function makeMember(auth: Auth, email: string, role: Role, password = PASSWORD): Promise<Member> {
  const name = email.split("@")[0];
  const id = await createMember(auth, { name, email, password, role });
  return { id, email, name, role };
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

/** An AppError as the API answers it: its code, message and fields, and the status of its code (lib/http/problems.ts). */
export type Problem = { status: number; code: string; message: string; fields?: Record<string, string>; retryAfterSeconds?: number };

export function problemOf(error: AppError): Problem {
  const { code, message, fields, retryAfterSeconds } = error;
  return { status: statusOf(code), code, message, fields, retryAfterSeconds };
}

/** An error as the API answers it when it is an AppError; anything else as it is. */
export function asProblem(e: unknown): unknown {
  return e instanceof AppError ? problemOf(e) : e;
}

/** The HTTP status an error answers with: its code's (lib/http/problems.ts), or 500 for anything else. */
export function statusOfError(e: unknown): number {
  return e instanceof AppError ? statusOf(e.code) : 500;
}

/** The AppError a promise rejects with, as the API answers it (fails the test if it resolves or throws anything else). */
export async function apiError(promise: Promise<unknown>): Promise<Problem> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "expected an AppError").toBeInstanceOf(AppError);
  return problemOf(error as AppError);
}
