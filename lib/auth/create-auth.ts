// Better Auth, configured for the dashboard: email and password only, no public sign-up
// (members are created by an owner, the first-run set-up, or `npm run users:add`), sessions in
// the database and checked on every request (no cookie cache, so a deactivation or role change
// takes effect at once). Its HTTP router is not mounted: the app's own route handlers call
// `auth.api`, behind the same guards, same-origin check and sign-in throttle as everything else.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, userAc } from "better-auth/plugins/admin/access";
import type { Db } from "@/lib/db/open";
import * as schema from "@/lib/db/schema";
import { clientIp } from "@/lib/http/origin";
import { log } from "@/lib/log";
import { storable } from "@/lib/text";
import { PASSWORD_MIN } from "@/lib/auth/shape";
import { newRecoveryCodes } from "@/lib/auth/recovery-codes";

const SESSION_HOURS = 12;
/** How long a reset link a member asked for by email works (lib/session/password-reset.ts). */
export const RESET_EMAIL_MINUTES = 30;
/** A User-Agent longer than this is cut (real ones are under 300; lib/http/user-agent.ts reads at most 1,000). */
const USER_AGENT_MAX_CHARS = 1_000;

const ac = createAccessControl(defaultStatements);

export type ResetSender = (member: { id: string; email: string; name: string }, token: string) => void;

/**
 * `sendResetPassword`: what happens to a reset link a member asked for (lib/session/reset-email.ts
 * emails it); without it, asking makes no link.
 */
export function createAuth(opts: { db: Db; secret: string; appUrl?: string; sendResetPassword?: ResetSender }) {
  const secure = opts.appUrl?.startsWith("https://") ?? false;
  return betterAuth({
    appName: "Momo Dashboard",
    baseURL: opts.appUrl ?? "http://localhost:3000",
    secret: opts.secret,
    database: drizzleAdapter(opts.db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: 256,
      // The forgotten password's way back (lib/session/password-reset.ts): a link that works once,
      // for RESET_EMAIL_MINUTES; a reset ends every session of the member.
      resetPasswordTokenExpiresIn: RESET_EMAIL_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      ...(opts.sendResetPassword && {
        sendResetPassword: async ({ user, token }: { user: { id: string; email: string; name: string }; token: string }) =>
          opts.sendResetPassword?.(user, token),
      }),
    },
    // Tokens (reset links, a sign-in's pending second factor) are kept as their digests only.
    verification: { storeIdentifier: "hashed" },
    user: {
      // Ours (lib/db/auth-schema.ts): the member's colour scheme, read with the session on every
      // page; set only through PUT /api/profile/theme.
      additionalFields: { theme: { type: "string", required: false, input: false, defaultValue: "system" } },
    },
    session: {
      expiresIn: SESSION_HOURS * 60 * 60,
      // Never extended: after SESSION_HOURS the member signs in again.
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
      // Ours, kept beside Better Auth's columns (lib/db/auth-schema.ts): the idle timeout and
      // re-authentication read them; a new session starts with both at its creation.
      additionalFields: {
        lastSeenAt: { type: "date", required: false, input: false, defaultValue: () => new Date() },
        provenAt: { type: "date", required: false, input: false, defaultValue: () => new Date() },
      },
    },
    advanced: {
      // A session and its member in one query (the relations in lib/db/auth-schema.ts), not two:
      // every signed-in request reads them.
      database: { joins: true },
      // Secure (and __Secure- prefixed) cookies whenever the dashboard is served over HTTPS.
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    },
    databaseHooks: {
      session: {
        create: {
          // The session's address is the one the throttles count by (Better Auth's own reads the
          // left-most X-Forwarded-For entry, which the caller writes), and its User-Agent, a header
          // the caller writes too, is kept as storable text of bounded length.
          before: async (session, ctx) => ({
            data: {
              ...session,
              ipAddress: ctx?.headers ? (clientIp(ctx.headers) ?? "") : session.ipAddress,
              userAgent: session.userAgent ? storable(session.userAgent, USER_AGENT_MAX_CHARS) : session.userAgent,
            },
          }),
        },
      },
    },
    // The app checks origins itself (lib/session/guards.ts) before any call reaches Better Auth.
    trustedOrigins: opts.appUrl ? [new URL(opts.appUrl).origin] : [],
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Its warnings ("Invalid password") as our JSON lines, not coloured text; only the message:
    // the extra arguments can carry the user record.
    logger: { level: "warn", log: (level, message) => log(level === "error" ? "error" : "warn", "better_auth", { message }) },
    plugins: [
      admin({
        ac,
        roles: { owner: ac.newRole(adminAc.statements), staff: ac.newRole(userAc.statements), support: ac.newRole(userAc.statements) },
        defaultRole: "staff",
        adminRoles: ["owner"],
      }),
      // Authenticator-app codes (TOTP) and 10 recovery codes, both stored encrypted with the
      // app's secret. No "trust this device": our routes never pass trustDevice, so every
      // sign-in asks for the code.
      twoFactor({
        issuer: "Momo Dashboard",
        // Codes with nothing easy to misread (lib/auth/recovery-codes.ts).
        backupCodeOptions: { customBackupCodesGenerate: newRecoveryCodes },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * What a use case that needs Better Auth takes with its Asker or Visitor (`Asker & WithAuth`): a
 * route's ctx has it (ctx.signIn(), lib/session/route.ts), a unit test gives its own. What checks a
 * password or a code takes the throttle with it: `WithSignIn` (./sign-in.ts).
 */
export type WithAuth = { signIn: () => Promise<{ auth: Auth }> };
