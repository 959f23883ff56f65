import { and, desc, sql } from "drizzle-orm";
import { describe, test } from "vitest";
import { historyConditions } from "@/lib/charges/history";
import { charges } from "@/lib/db/schema";
import { backends, useLedger } from "../support/db";

describe.each(backends)("explain $name", (backend) => {
  const db = useLedger(backend);
  test("plan", async () => {
    for (const n of [2000]) {
      await db().execute(sql`truncate charges cascade`);
      await db().execute(sql`insert into charges (idempotency_key, request_hash, amount_minor, currency, phone_number, provider, description, status, created_at)
        select 'k'||g, 'h', 100+g, 'GHS', '0241234567', 'mtn', 'Order '||g||' '||md5(g::text), 'success', now() - g * interval '1 minute' from generate_series(1, ${n}) g`);
      await db().execute(sql`update charges set description = 'Trip to Zanzibar' where idempotency_key in ('k7','k700','k1500')`);
      await db().execute(sql`analyze charges`);
      for (const q of ["zanzibar", "order", "50%_x"]) {
        const query = db().select().from(charges).where(and(...historyConditions({ q }))).orderBy(desc(charges.createdAt), desc(charges.id)).limit(51);
        const res = await db().transaction(async (tx) => { await tx.execute(sql`set local enable_seqscan = off`); return tx.execute(sql`explain ${query}`); });
        const rows = (res as any).rows ?? res;
        console.log(backend.name, n, q, "\n" + rows.map((r: any) => r["QUERY PLAN"]).join("\n"));
      }
    }
  }, 120000);
});
