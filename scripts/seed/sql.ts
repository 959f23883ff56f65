// The demo seed's SQL: one INSERT … SELECT over generate_series per batch, so a million rows
// never pass through Node (scripts/seed/seed.ts runs it).
import { outcomeMessage } from "@/lib/momo/outcome-codes";
import {
  AREAS,
  arrayLiteral,
  dayWeights,
  FIRST_NAMES,
  HOUR_WEIGHTS,
  ITEMS,
  LAST_NAMES,
  literal,
  prefixShares,
  TERMS,
  thresholds,
} from "./data";

export type Plan = { run: string; days: number; now: Date; members: string[]; refBase: bigint; pool: number };

const pick = (list: string[], r: string) => `(${arrayLiteral(list, "text")})[1 + floor(${r} * ${list.length})::int]`;

/**
 * The INSERT for rows lo..hi of one run (n is also the reference's offset), batch `slice` of
 * `slices`. Each batch takes its own slice of the day distribution (oldest first) and inserts
 * in time order, so the time-keyed indexes are written page after page, not at random: at a
 * million rows that is several times faster than scattered inserts.
 */
export function batchSql(p: Plan, lo: number, hi: number, slice = 0, slices = 1): string {
  const shares = prefixShares();
  const today = literal(p.now.toISOString().slice(0, 10));
  const now = `${literal(p.now.toISOString().slice(0, 23).replace("T", " "))}::timestamp`;
  const name = `${pick(FIRST_NAMES, "r_d3")} || ' ' || ${pick(LAST_NAMES, "r_d4")}`;
  const member = p.members.length ? pick(p.members, "r_member") : "null::text";
  const prefixes = arrayLiteral(
    shares.map((s) => s.prefix),
    "text",
  );
  const providers = arrayLiteral(
    shares.map((s) => s.provider),
    "text",
  );
  const dayBuckets = arrayLiteral(thresholds(dayWeights(p.days, p.now)), "float8");
  const hourBuckets = arrayLiteral(thresholds(HOUR_WEIGHTS), "float8");
  const networkBuckets = arrayLiteral(thresholds(shares.map((s) => s.share)), "float8");
  return `
insert into charges (id, idempotency_key, request_hash, status, amount_minor, currency, phone_number, provider, description,
  reference, message, outcome_code, upstream_http_status, created_by, created_at, updated_at, settled_at)
select
  -- Time-ordered ids (UUID version 7 layout), so the primary key is appended to, not scattered.
  (lpad(to_hex((extract(epoch from created_at) * 1000)::bigint), 12, '0')
    || '7' || substr(md5(key), 1, 3) || '8' || substr(md5(key), 4, 15))::uuid,
  key, md5(key), status, amount_minor, 'GHS', phone, provider, description,
  case when status <> 'unknown' then 'TXN-MOMO-' || (${p.refBase} + n) end,
  message, outcome_code, http, created_by, created_at, coalesce(settled_at, created_at), settled_at
from (
  select n, key, phone, provider, description, created_by, created_at, amount_minor,
    case when r_status < 0.88 then 'success' when r_status < 0.93 then 'failed' when r_status < 0.96 then 'pending'
         when r_status < 0.98 then 'unknown' else 'failed' end as status,
    case when r_status < 0.88 then case when r_settle < 0.6 then 'The charge completed instantly and was auto-authorized.'
                                        else 'The customer approved the charge on their phone.' end
         when r_status < 0.93 then case when r_kind < 0.6 then 'Insufficient funds in the customer''s wallet.'
                                        else 'The customer declined the charge on their phone.' end
         when r_status < 0.96 then 'A USSD prompt was sent to the customer''s phone to approve the charge.'
         when r_status < 0.98 then case when r_kind < 0.5 then ${literal(outcomeMessage("timeout"))}
                                        when r_kind < 0.8 then ${literal(outcomeMessage("upstream_error"))}
                                        else ${literal(outcomeMessage("network"))} end
         else 'The approval prompt expired before the customer answered.' end as message,
    case when r_status < 0.88 or (r_status >= 0.93 and r_status < 0.96) then null
         when r_status < 0.98 and r_status >= 0.96
           then case when r_kind < 0.5 then 'timeout' when r_kind < 0.8 then 'upstream_error' else 'network' end
         else 'declined' end as outcome_code,
    case when r_status >= 0.93 and r_status < 0.96 then 202
         when r_status >= 0.96 and r_status < 0.98 then case when r_kind >= 0.5 and r_kind < 0.8 then 500 end
         else 200 end as http,
    case when r_status < 0.88
           then created_at + make_interval(secs => case when r_settle < 0.6 then 1 + 4 * r_kind else 15 + 75 * r_kind end)
         when r_status < 0.93 or r_status >= 0.98 then created_at + make_interval(secs => 5 + 55 * r_kind) end as settled_at
  from (
    select *,
      (${prefixes})[pidx] || lpad(((cust * 48271 + 12345) % 10000000)::text, 7, '0') as phone,
      (${providers})[pidx] as provider,
      ${member} as created_by,
      -- Today's hours that have not come yet move to yesterday.
      (d::timestamp + time_of_day - case when d::timestamp + time_of_day > ${now} then interval '1 day' else interval '0' end)
        at time zone 'UTC' as created_at,
      (case when r_round < 0.55 then round(major) * 100 when r_round < 0.75 then round(major * 2) * 50
            else round(major * 100) end)::bigint as amount_minor,
      case when r_desc < 0.30 then 'Order ' || (10000 + floor(r_d2 * 90000))::int
           when r_desc < 0.48 then 'Invoice INV-' || to_char(d, 'YYYY') || '-' || lpad(floor(r_d2 * 100000)::int::text, 5, '0')
           when r_desc < 0.60 then 'School fees ' || ${pick(TERMS, "r_d2")} || ' - ' || ${name}
           when r_desc < 0.80 then 'Payment for ' || ${pick(ITEMS, "r_d2")}
           when r_desc < 0.88 then 'Rent ' || to_char(d, 'FMMonth YYYY') || ' - ' || ${pick(AREAS, "r_d2")}
           when r_desc < 0.93 then 'Airtime and data for ' || ${name}
           else '' end as description
    from (
      select *,
        (${today}::date - (${p.days} - width_bucket(r_day, ${dayBuckets}))) as d,
        make_interval(hours => width_bucket(r_hour, ${hourBuckets}) - 1, secs => r_sec * 3600) as time_of_day,
        width_bucket(((cust * 2654435761) % 1000003) / 1000003.0, ${networkBuckets}) as pidx,
        -- Log-normal amounts around GHS 60, between GHS 1 and GHS 20,000.
        least(greatest(exp(ln(60) + 1.1 * sqrt(-2 * ln(1 - r_a1)) * cos(2 * pi() * r_a2)), 1), 20000) as major
      from (
        select n, ${literal(`seed-${p.run}-`)} || n as key, (${slice} + random()) / ${slices} as r_day,
          random() as r_hour, random() as r_sec, random() as r_status, random() as r_kind, random() as r_settle,
          random() as r_a1, random() as r_a2, random() as r_round, random() as r_desc, random() as r_d2, random() as r_d3,
          random() as r_d4, random() as r_member,
          -- Repeat customers: a pool a sixth the size of the run, some customers far more often.
          floor(power(random(), 1.3) * ${p.pool})::bigint as cust
        from generate_series(${lo}, ${hi}) as n
      ) g
    ) t
  ) u
) v
order by created_at`;
}
