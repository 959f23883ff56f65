// The server's environment, parsed once with zod. Only server modules import this file.
import "server-only";
import path from "node:path";
import * as z from "zod";
import "@/lib/zod";
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from "@/lib/market/retention-period";
import { type CurrencyCode, isCurrencyCode } from "@/lib/money";

const schema = z
  .object({
    MOMO_BASE_URL: z.url({ error: "MOMO_BASE_URL must be a URL such as https://api.example.com" }).optional(),
    MOMO_API_KEY: z.string().trim().min(1).optional(),
    MOMO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /** The upstream's request budget per key and minute (the document: up to 1,000). */
    MOMO_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(1_000),
    /** How long a charge may wait for room in the budget before it is refused. */
    MOMO_BUDGET_MAX_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
    DATABASE_URL: z.string().min(1).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    /** The dashboard's public address, e.g. https://pay.example.com. HTTPS makes cookies Secure. */
    APP_URL: z.url({ error: "APP_URL must be a URL such as https://dashboard.example.com" }).optional(),
    /** How often the background sweep re-checks open charges; 0 turns it off. */
    SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** A pending charge older than this joins the reconciliation queue. */
    RECONCILE_PENDING_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(15),
    /** A session unused this long ends (minutes; a fraction, e.g. 0.1, is allowed for test servers). */
    SESSION_IDLE_MINUTES: z.coerce.number().positive().max(720).default(30),
    /** How long a proof (password or code) counts as recent for team changes, ending sessions and exports. */
    REAUTH_MINUTES: z.coerce.number().positive().max(720).default(10),
    /** When set, the sweep masks settled charges older than this many days, once a day (lib/retention/daily.ts). */
    RETENTION_DAYS: z.coerce
      .number({ error: `RETENTION_DAYS must be a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}` })
      .int(`RETENTION_DAYS must be a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}`)
      .min(
        MIN_RETENTION_DAYS,
        `RETENTION_DAYS must be at least ${MIN_RETENTION_DAYS} (days), so that a typo cannot wipe last week's charges`,
      )
      .max(MAX_RETENTION_DAYS, `RETENTION_DAYS must be at most ${MAX_RETENTION_DAYS} (days)`)
      .optional(),
    /**
     * The currencies the upstream account accepts, comma-separated ISO 4217 codes (GHS by default):
     * the only ones the form offers and the API and bulk files accept. The first is the default.
     */
    CURRENCIES: z
      .string()
      .default("GHS")
      .transform((text, ctx) => {
        const codes = [
          ...new Set(
            text
              .split(",")
              .map((c) => c.trim().toUpperCase())
              .filter(Boolean),
          ),
        ];
        const unknown = codes.filter((c) => !isCurrencyCode(c));
        if (!codes.length || unknown.length) {
          ctx.addIssue({
            code: "custom",
            message: `CURRENCIES must list known currency codes, comma-separated (such as GHS or GHS,USD)${unknown.length ? `; not known: ${unknown.join(", ")}` : ""}`,
          });
          return z.NEVER;
        }
        return codes as [CurrencyCode, ...CurrencyCode[]];
      }),
    /** A charge to the same number for the same amount this recent (succeeded or pending) is a possible duplicate. */
    DUPLICATE_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(10),
    /** The part of each minute's upstream budget a bulk batch may use; the rest is kept for people charging by hand. */
    BATCH_BUDGET_SHARE: z.coerce.number().min(0.1).max(1).default(0.8),
    /**
     * How long the pay page shows "approve the prompt" before it says the approval has not come
     * and what to do (docs/decisions/pay-page-waits.md).
     */
    PAY_PROMPT_WAIT_SECONDS: z.coerce.number().int().min(5).max(1800).default(120),
    /** The part of each minute's upstream budget customers paying from pay links may use; the rest is kept for the team. */
    PAYMENT_REQUEST_BUDGET_SHARE: z.coerce.number().min(0.05).max(1).default(0.5),
    /**
     * Email (issue 29): an SMTP server, smtp://user:pass@host:587 (STARTTLS when offered) or
     * smtps://…:465; with MAIL_FROM, invites and notifications are emailed. Unset: no email.
     */
    SMTP_URL: z.url({ error: "SMTP_URL must be a URL such as smtp://user:password@smtp.example.com:587" }).optional(),
    /** The sender of the dashboard's email, e.g. "Momo Dashboard <dashboard@example.com>". */
    MAIL_FROM: z.string().trim().min(3).max(200).optional(),
    /** The hour (0–23, the business's time zone) each member's daily digest goes out. */
    DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
    /**
     * How many proxies in front of the app add to X-Forwarded-For (lib/http/origin.ts): 0, the
     * default, believes only the socket's address; N believes the entry N from the right.
     */
    TRUSTED_PROXY_HOPS: z.coerce
      .number({ error: "TRUSTED_PROXY_HOPS must be a whole number from 0 to 10" })
      .int("TRUSTED_PROXY_HOPS must be a whole number from 0 to 10")
      .min(0, "TRUSTED_PROXY_HOPS must be a whole number from 0 to 10")
      .max(10, "TRUSTED_PROXY_HOPS must be a whole number from 0 to 10")
      .default(0),
    /**
     * A failing webhook delivery is tried again this many times, the waits doubling from
     * WEBHOOK_RETRY_BASE_SECONDS (about a day in all).
     */
    WEBHOOK_RETRIES: z.coerce.number().int().min(0).max(20).default(12),
    WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().positive().max(3600).default(20),
    /** Scheduled backups of the embedded database into this folder (lib/backup/schedule.ts); unset, none. */
    BACKUP_DIR: z.string().min(1).optional(),
    /** Hours between scheduled backups (a fraction is allowed, e.g. 0.5). */
    BACKUP_INTERVAL_HOURS: z.coerce
      .number({ error: "BACKUP_INTERVAL_HOURS must be a number of hours from 0.1 to 168" })
      .min(0.1, "BACKUP_INTERVAL_HOURS must be a number of hours from 0.1 to 168")
      .max(168, "BACKUP_INTERVAL_HOURS must be a number of hours from 0.1 to 168")
      .default(24),
    /** How many scheduled backups are kept in BACKUP_DIR (the oldest beyond are removed). */
    BACKUP_KEEP: z.coerce
      .number({ error: "BACKUP_KEEP must be a whole number from 1 to 1000" })
      .int("BACKUP_KEEP must be a whole number from 1 to 1000")
      .min(1, "BACKUP_KEEP must be a whole number from 1 to 1000")
      .max(1000, "BACKUP_KEEP must be a whole number from 1 to 1000")
      .default(7),
    /** Encrypts every backup (AES-256-GCM, the key derived with scrypt: docs/decisions/backups.md). */
    BACKUP_ENCRYPTION_KEY: z.string().min(32, "BACKUP_ENCRYPTION_KEY must be at least 32 characters (openssl rand -base64 32)").optional(),
    /** Requests each API key may make per minute, on all instances together (lib/api-keys/rate-limit.ts). */
    API_REQUESTS_PER_MINUTE: z.coerce
      .number({ error: "API_REQUESTS_PER_MINUTE must be a whole number from 1 to 100000" })
      .int("API_REQUESTS_PER_MINUTE must be a whole number from 1 to 100000")
      .min(1, "API_REQUESTS_PER_MINUTE must be a whole number from 1 to 100000")
      .max(100_000, "API_REQUESTS_PER_MINUTE must be a whole number from 1 to 100000")
      .default(300),
    BETTER_AUTH_SECRET: z.string().min(32, "BETTER_AUTH_SECRET must be at least 32 characters").optional(),
    /** Signs each audit entry (lib/audit/signing.ts); the embedded default makes one in DATA_DIR. */
    AUDIT_SIGNING_KEY: z.string().trim().min(32, "AUDIT_SIGNING_KEY must be at least 32 characters (openssl rand -base64 32)").optional(),
    /** Turns GET /api/metrics on, for a scraper sending it as a bearer token (lib/metrics/scrape.ts); unset, it answers 404. */
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(32, "METRICS_TOKEN must be at least 32 characters (openssl rand -hex 32)")
      .regex(/^\S+$/, "METRICS_TOKEN must have no spaces (openssl rand -hex 32)")
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.AUDIT_SIGNING_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["AUDIT_SIGNING_KEY"],
        message: "AUDIT_SIGNING_KEY is required when DATABASE_URL is set (a key the database does not hold: openssl rand -base64 32)",
      });
    }
    if (env.SMTP_URL && !/^smtps?:$/.test(new URL(env.SMTP_URL).protocol)) {
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "SMTP_URL must start with smtp:// or smtps://" });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({
        code: "custom",
        path: ["MAIL_FROM"],
        message: "MAIL_FROM is required when SMTP_URL is set (e.g. Momo Dashboard <dashboard@example.com>)",
      });
    }
    if (env.SMTP_URL && !env.APP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["APP_URL"],
        message: "APP_URL is required when SMTP_URL is set: the links in email point at it",
      });
    }
    const backups = env.BACKUP_DIR && path.resolve(/*turbopackIgnore: true*/ env.BACKUP_DIR);
    const data = path.resolve(/*turbopackIgnore: true*/ env.DATA_DIR);
    if (backups && !env.DATABASE_URL && (backups === data || backups.startsWith(`${data}${path.sep}`))) {
      ctx.addIssue({
        code: "custom",
        path: ["BACKUP_DIR"],
        message: "BACKUP_DIR must be outside DATA_DIR: each backup holds the whole data folder",
      });
    }
    if (env.MOMO_BASE_URL && !env.MOMO_API_KEY) {
      ctx.addIssue({ code: "custom", path: ["MOMO_API_KEY"], message: "MOMO_API_KEY is required when MOMO_BASE_URL is set" });
    }
    if (env.MOMO_BASE_URL) {
      const url = new URL(env.MOMO_BASE_URL);
      const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
      // The document says HTTPS only; plain HTTP is allowed to a local stand-in.
      if (url.protocol !== "https:" && !loopback) {
        ctx.addIssue({ code: "custom", path: ["MOMO_BASE_URL"], message: "MOMO_BASE_URL must use https://" });
      }
    }
  });

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

/** Parsed lazily: `next build` evaluates modules without the runtime environment. */
export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(Object.fromEntries(Object.entries(process.env).map(([k, v]) => [k, v === "" ? undefined : v])));
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
      throw new Error(`Invalid environment:\n${lines.join("\n")}`);
    }
    cached = parsed.data;
  }
  return cached;
}

export function isSandboxEnabled(): boolean {
  return !env().MOMO_BASE_URL;
}

export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ env().DATA_DIR);
}
