// Fuzzing the form routes with fast-check, on each database: sign-in, set-up, members, the colour
// scheme, invites, password changes, the business profile, two-factor and webhook endpoints get
// malformed bodies, as the owner and as nobody, through the app's route handlers in-process
// (../support/route-harness.ts). Every answer is below 500 and every refusal has our error shape
// (expectHandled), and what each route keeps (the team, the invites, the profile, the scheme, the
// audit log's two-factor entries, the endpoints) is as it was afterwards. The charge routes are
// fuzzed in fuzz-routes.test.ts.
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { themeOf } from "@/lib/team/member-settings";
import { backends } from "../support/db";
import { ascii, expectHandled, FUZZ_TIMEOUT, jsonFrom, runsOn, segmentId, wire } from "../support/fuzz";
import {
  notAcceptance,
  notBusiness,
  notCode,
  notEndpoint,
  notEndpointChange,
  notInvite,
  notLogo,
  notMember,
  notPasswordChange,
  notPasswordProof,
  notPolicy,
  notSetup,
  notSignIn,
  notTheme,
} from "../support/fuzz-bodies";
import { type Client, useRouteHarness } from "../support/route-harness";

const PASSWORD = "fuzz-forms-password-0123";

describe.each(backends)("the form routes fuzzed, on $name", { timeout: FUZZ_TIMEOUT }, (backend) => {
  const RUNS = runsOn(backend);
  const app = useRouteHarness(backend);
  const json = jsonFrom(app.origin);
  const anonymous = app.client();
  let signedIn: Client;
  const owner = () => signedIn;
  let ownerId = "";

  beforeAll(async () => {
    // The team the seeded end-to-end server has: an owner, staff and support.
    ownerId = await app.addMember("owner@fuzz.test", "owner", PASSWORD);
    await app.addMember("staff@fuzz.test", "staff", PASSWORD);
    await app.addMember("support@fuzz.test", "support", PASSWORD);
    signedIn = (await app.signIn("owner@fuzz.test", PASSWORD)).client;
  }, 60_000);

  test("session, set-up and team bodies: malformed ones are refused and sign nobody in", async () => {
    const members = async () =>
      ((await (await owner().fetch("/api/team")).json()).members as { email: string; role: string; active: boolean }[])
        .map((m) => `${m.email} ${m.role} ${m.active}`)
        .sort();
    const team = await members();
    await fc.assert(
      fc.asyncProperty(wire(notSignIn), wire(notSetup), wire(notMember), async (signIn, setup, member) => {
        const signInStatus = await expectHandled(anonymous, { method: "POST", path: "/api/session", headers: json(), body: signIn });
        expect(signInStatus).not.toBe(200);
        await expectHandled(anonymous, { method: "POST", path: "/api/setup", headers: json(), body: setup });
        await expectHandled(owner(), { method: "POST", path: "/api/team", headers: json(), body: member });
      }),
      { numRuns: RUNS },
    );
    // The owner is still signed in, and the team is as it was: nobody added, changed or removed.
    expect(await members()).toEqual(team);
    expect(team.length).toBeGreaterThanOrEqual(3);
  });

  test("the appearance route: malformed choices are refused and the member's scheme stays as it was", async () => {
    // The page's <html data-theme> reads this (the page itself: e2e).
    const scheme = () => themeOf(app.db(), ownerId);
    const was = await scheme();
    expect(was).toBe("system");
    await fc.assert(
      fc.asyncProperty(wire(notTheme), async (body) => {
        await expectHandled(owner(), { method: "PUT", path: "/api/profile/theme", headers: json(), body });
      }),
      { numRuns: RUNS },
    );
    expect(await scheme()).toBe(was);
  });

  test("invite, password and business bodies: malformed ones are refused and change nothing", async () => {
    const invites = async () => JSON.stringify((await (await owner().fetch("/api/team/invites")).json()).invites);
    const business = async () => JSON.stringify(await (await owner().fetch("/api/business")).json());
    const [openBefore, businessBefore] = [await invites(), await business()];
    await fc.assert(
      fc.asyncProperty(
        wire(notInvite),
        wire(notAcceptance),
        wire(notPasswordChange),
        wire(notBusiness),
        notLogo,
        segmentId,
        async (invite, acceptance, change, profile, logo, id) => {
          await expectHandled(owner(), { method: "POST", path: "/api/team/invites", headers: json(), body: invite });
          await expectHandled(owner(), { method: "DELETE", path: `/api/team/invites/${id}`, headers: json() });
          await expectHandled(anonymous, { method: "POST", path: `/api/invites/${id}`, headers: json(), body: acceptance });
          await expectHandled(owner(), { method: "POST", path: "/api/profile/password", headers: json(), body: change });
          await expectHandled(owner(), { method: "PUT", path: "/api/business", headers: json(), body: profile });
          await expectHandled(owner(), {
            method: "PUT",
            path: "/api/business/logo",
            headers: json({ "Content-Type": "image/png" }),
            body: Buffer.from(logo),
          });
        },
      ),
      { numRuns: RUNS },
    );
    // Still signed in with the same password (a change would have replaced the session), same invites, same profile.
    expect((await owner().fetch("/api/team")).status).toBe(200);
    expect(await invites()).toBe(openBefore);
    expect(await business()).toBe(businessBefore);
  });

  test("two-factor bodies: malformed codes, passwords and policies are refused and change nothing", async () => {
    // A policy change, an enrolment or a reset would add an audit entry: every entry written during
    // the run is read (newest first, page by page, down to the newest one before it), since the
    // refused attempts add entries of their own that push older ones off the first page.
    type Entry = { action: string; id: number };
    const page = async (before?: number) =>
      ((await (await owner().fetch(`/api/audit${before ? `?before=${before}` : ""}`)).json()).events as Entry[]) ?? [];
    const newestBefore = (await page())[0]?.id ?? 0;
    const twoFactorChangesSince = async (since: number) => {
      const found: Entry[] = [];
      let cursor: number | undefined;
      for (let pages = 0; pages < 1_000; pages++) {
        const events = (await page(cursor)).filter((e) => e.id > since);
        found.push(...events.filter((e) => /two_factor|recovery_code/.test(e.action)));
        if (events.length === 0) break;
        cursor = events.at(-1)!.id;
      }
      return found;
    };
    await fc.assert(
      fc.asyncProperty(wire(notCode), wire(notPasswordProof), wire(notPolicy), segmentId, async (code, proof, roles, id) => {
        await expectHandled(anonymous, { method: "POST", path: "/api/session/two-factor", headers: json(), body: code });
        await expectHandled(owner(), { method: "POST", path: "/api/profile/two-factor", headers: json(), body: proof });
        await expectHandled(owner(), { method: "DELETE", path: "/api/profile/two-factor", headers: json(), body: proof });
        await expectHandled(owner(), { method: "POST", path: "/api/profile/two-factor/confirm", headers: json(), body: code });
        await expectHandled(owner(), { method: "POST", path: "/api/profile/two-factor/recovery-codes", headers: json(), body: proof });
        await expectHandled(owner(), { method: "PUT", path: "/api/security/two-factor", headers: json(), body: roles });
        await expectHandled(owner(), { method: "POST", path: `/api/team/${id}/two-factor/reset`, headers: json() });
      }),
      { numRuns: RUNS },
    );
    expect((await owner().fetch("/api/team")).status).toBe(200);
    expect(await twoFactorChangesSince(newestBefore)).toEqual([]);
  });

  test("webhook bodies, ids and log cursors: malformed ones are refused and no endpoint is added, changed or removed", async () => {
    // One endpoint of the fuzzer's own, so that changes are parsed against a real one too (never sent
    // to: no batch finishes meanwhile, and it is deleted at the end).
    const made = await owner().fetch("/api/webhooks", {
      method: "POST",
      body: { url: "http://127.0.0.1:9/fuzz", description: "Fuzz target", eventTypes: ["batch.finished"] },
      headers: json(),
    });
    expect(made.status).toBe(201);
    const target = (await made.json()).endpoint.id as string;
    type Endpoint = { id: string; url: string; description: string; eventTypes: string[]; includePhoneNumber: boolean; status: string };
    const endpoints = async () =>
      JSON.stringify(
        ((await (await owner().fetch("/api/webhooks")).json()).endpoints as Endpoint[]).map((e) => [
          e.id,
          e.url,
          e.description,
          e.eventTypes,
          e.includePhoneNumber,
          e.status,
        ]),
      );
    const before = await endpoints();
    const cursor = fc.oneof(ascii(24), fc.integer().map(String), fc.constantFrom("0", "-1", "1e3", "9".repeat(17), "1.5", " 1"));
    await fc.assert(
      fc.asyncProperty(
        wire(notEndpoint),
        wire(notEndpointChange),
        fc.oneof(segmentId, fc.constant(target)),
        segmentId,
        cursor,
        async (endpoint, change, id, other, before) => {
          await expectHandled(owner(), { method: "POST", path: "/api/webhooks", headers: json(), body: endpoint });
          await expectHandled(owner(), { method: "PATCH", path: `/api/webhooks/${id}`, headers: json(), body: change });
          await expectHandled(owner(), { method: "GET", path: `/api/webhooks/${id}/attempts?before=${encodeURIComponent(before)}` }, true);
          // Only ids that name no endpoint: the real one would be rotated or deleted.
          await expectHandled(owner(), { method: "POST", path: `/api/webhooks/${other}/rotate`, headers: json() });
          await expectHandled(owner(), { method: "DELETE", path: `/api/webhooks/${other}`, headers: json() });
          await expectHandled(owner(), { method: "POST", path: `/api/webhooks/${id}/deliveries/${other}/resend`, headers: json() });
        },
      ),
      { numRuns: RUNS },
    );
    expect(await endpoints()).toBe(before);
    expect((await owner().fetch(`/api/webhooks/${target}`, { method: "DELETE", headers: json() })).status).toBe(204);
  });
});
