ALTER TABLE "upstream_calls" ADD COLUMN "id" bigserial PRIMARY KEY NOT NULL;--> statement-breakpoint
-- A place's time becomes the moment the request actually leaves (lib/momo/budget.ts, markSent):
-- a charge takes its place before its ledger row is written, and that write can take a while
-- under load, so the upstream would otherwise see two requests less than a minute apart that
-- the log holds a minute apart. The function now says which row it wrote.
DROP FUNCTION momo_take_budget(text, text, integer, integer);
--> statement-breakpoint
CREATE FUNCTION momo_take_budget(p_key text, p_kind text, p_allowed integer, p_window_ms integer)
RETURNS TABLE (granted boolean, used integer, wait_ms integer, paused boolean, call_id bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  t timestamptz;
  since timestamptz;
  n integer;
  paused_until timestamptz;
  edge timestamptz;
  new_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('momo-budget:' || p_key, 0));
  t := clock_timestamp();
  since := t - make_interval(secs => p_window_ms / 1000.0);
  DELETE FROM upstream_calls WHERE key_id = p_key AND sent_at <= since;
  SELECT count(*) INTO n FROM upstream_calls WHERE key_id = p_key;
  SELECT until INTO paused_until FROM upstream_pauses WHERE key_id = p_key AND until > t;
  IF paused_until IS NOT NULL THEN
    RETURN QUERY SELECT false, n, greatest(1, ceil(extract(epoch FROM paused_until - t) * 1000))::integer, true, NULL::bigint;
    RETURN;
  END IF;
  IF n < p_allowed THEN
    INSERT INTO upstream_calls (key_id, sent_at, kind) VALUES (p_key, t, p_kind) RETURNING id INTO new_id;
    RETURN QUERY SELECT true, n + 1, 0, false, new_id;
    RETURN;
  END IF;
  -- Full: the next request fits once the oldest (n - p_allowed + 1) have left the window.
  SELECT sent_at INTO edge FROM upstream_calls WHERE key_id = p_key ORDER BY sent_at OFFSET (n - p_allowed) LIMIT 1;
  RETURN QUERY SELECT false, n, greatest(1, ceil(extract(epoch FROM edge + make_interval(secs => p_window_ms / 1000.0) - t) * 1000))::integer, false, NULL::bigint;
END
$$;
