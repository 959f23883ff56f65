CREATE TABLE "upstream_places" (
	"key_id" text NOT NULL,
	"slot" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"call_id" bigint,
	CONSTRAINT "upstream_places_key_id_slot_pk" PRIMARY KEY("key_id","slot")
);
--> statement-breakpoint
CREATE INDEX "upstream_places_key_sent_idx" ON "upstream_places" USING btree ("key_id","sent_at","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "upstream_places_call_idx" ON "upstream_places" USING btree ("call_id");--> statement-breakpoint
CREATE SEQUENCE "upstream_place_calls";--> statement-breakpoint
-- The last minute's requests carry over as the first places of their key, so that an upgrade in
-- the middle of a busy minute forgets none of them (momo_take_place fills in the rest).
INSERT INTO "upstream_places" ("key_id", "slot", "sent_at", "kind")
  SELECT "key_id", row_number() OVER (PARTITION BY "key_id" ORDER BY "sent_at", "id"), "sent_at", "kind"
    FROM "upstream_calls" WHERE "sent_at" > clock_timestamp() - interval '61 seconds';--> statement-breakpoint
DROP FUNCTION momo_take_budget(text, text, integer, integer);--> statement-breakpoint
DROP TABLE "upstream_calls" CASCADE;--> statement-breakpoint
-- Gives a key exactly p_limit places, one caller at a time (the first caller of a new key or a
-- changed limit does it; the others find it done): new places are free, and the places above a
-- lowered limit are folded into those below, each keeping the latest use folded into it.
CREATE FUNCTION momo_size_places(p_key text, p_limit integer) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('momo-budget:' || p_key, 0));
  IF EXISTS (SELECT 1 FROM upstream_places WHERE key_id = p_key AND slot = p_limit)
     AND NOT EXISTS (SELECT 1 FROM upstream_places WHERE key_id = p_key AND slot > p_limit) THEN
    RETURN;
  END IF;
  INSERT INTO upstream_places (key_id, slot, sent_at)
    SELECT p_key, g, '-infinity' FROM generate_series(1, p_limit) g
    ON CONFLICT DO NOTHING;
  UPDATE upstream_places lo SET sent_at = greatest(lo.sent_at, hi.latest)
    FROM (SELECT (slot - 1) % p_limit + 1 AS s, max(sent_at) AS latest FROM upstream_places
           WHERE key_id = p_key AND slot > p_limit GROUP BY 1) hi
   WHERE lo.key_id = p_key AND lo.slot = hi.s;
  DELETE FROM upstream_places WHERE key_id = p_key AND slot > p_limit;
END
$$;
--> statement-breakpoint
-- Takes one place in a key's budget: the place (among the first p_allowed, the share of this kind
-- of request) whose last request left the window longest ago. Only that row is locked, and
-- SKIP LOCKED passes over places others are taking, so concurrent callers on every instance take
-- different places at once instead of queueing on one lock per key (issue 27; migration 0006 had
-- that lock). A key has exactly p_limit places: they are made on first use, more are added when
-- the limit grows, and when it shrinks the places above it are folded into the ones below (each
-- keeps the latest use of those folded into it) so that no minute sends more than the new limit.
-- Answers whether the request may go, when to ask again if not, and which use of the place this
-- is (call_id: lib/momo/budget.ts, placeSql).
CREATE FUNCTION momo_take_place(p_key text, p_kind text, p_allowed integer, p_limit integer, p_window_ms integer)
RETURNS TABLE (granted boolean, wait_ms integer, paused boolean, call_id bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  t timestamptz := clock_timestamp();
  since timestamptz := t - make_interval(secs => p_window_ms / 1000.0);
  paused_until timestamptz;
  taken bigint;
  edge timestamptz;
BEGIN
  SELECT until INTO paused_until FROM upstream_pauses WHERE key_id = p_key AND until > t;
  IF paused_until IS NOT NULL THEN
    RETURN QUERY SELECT false, greatest(1, ceil(extract(epoch FROM paused_until - t) * 1000))::integer, true, NULL::bigint;
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM upstream_places WHERE key_id = p_key AND slot = p_limit)
     OR EXISTS (SELECT 1 FROM upstream_places WHERE key_id = p_key AND slot > p_limit) THEN
    PERFORM momo_size_places(p_key, p_limit);
  END IF;
  UPDATE upstream_places p SET sent_at = clock_timestamp(), kind = p_kind, call_id = nextval('upstream_place_calls')
   WHERE p.key_id = p_key AND p.slot = (
     SELECT q.slot FROM upstream_places q
      WHERE q.key_id = p_key AND q.sent_at <= since AND q.slot <= p_allowed
      ORDER BY q.sent_at, q.slot LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING p.call_id INTO taken;
  IF taken IS NOT NULL THEN
    RETURN QUERY SELECT true, 0, false, taken;
    RETURN;
  END IF;
  -- None free: ask again when the first of this kind's places leaves the window (at once when
  -- one is free but was being taken by someone else).
  SELECT min(q.sent_at) INTO edge FROM upstream_places q WHERE q.key_id = p_key AND q.slot <= p_allowed;
  RETURN QUERY SELECT false, CASE WHEN edge IS NULL OR edge <= since THEN 1
    ELSE greatest(1, ceil(extract(epoch FROM edge - since) * 1000))::integer END, false, NULL::bigint;
END
$$;
