CREATE TABLE "upstream_calls" (
	"key_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upstream_pauses" (
	"key_id" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "upstream_calls_key_sent_idx" ON "upstream_calls" USING btree ("key_id","sent_at");--> statement-breakpoint
-- Takes one request from a key's budget: at most p_allowed requests in any p_window_ms, and
-- none while the key is paused after a 429. One call, one round trip; an advisory lock per key
-- makes concurrent callers on every instance take turns. Answers whether the request may go,
-- how many the window holds, and when to ask again.
CREATE FUNCTION momo_take_budget(p_key text, p_kind text, p_allowed integer, p_window_ms integer)
RETURNS TABLE (granted boolean, used integer, wait_ms integer, paused boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  t timestamptz;
  since timestamptz;
  n integer;
  paused_until timestamptz;
  edge timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('momo-budget:' || p_key, 0));
  t := clock_timestamp();
  since := t - make_interval(secs => p_window_ms / 1000.0);
  DELETE FROM upstream_calls WHERE key_id = p_key AND sent_at <= since;
  SELECT count(*) INTO n FROM upstream_calls WHERE key_id = p_key;
  SELECT until INTO paused_until FROM upstream_pauses WHERE key_id = p_key AND until > t;
  IF paused_until IS NOT NULL THEN
    RETURN QUERY SELECT false, n, greatest(1, ceil(extract(epoch FROM paused_until - t) * 1000))::integer, true;
    RETURN;
  END IF;
  IF n < p_allowed THEN
    INSERT INTO upstream_calls (key_id, sent_at, kind) VALUES (p_key, t, p_kind);
    RETURN QUERY SELECT true, n + 1, 0, false;
    RETURN;
  END IF;
  -- Full: the next request fits once the oldest (n - p_allowed + 1) have left the window.
  SELECT sent_at INTO edge FROM upstream_calls WHERE key_id = p_key ORDER BY sent_at OFFSET (n - p_allowed) LIMIT 1;
  RETURN QUERY SELECT false, n, greatest(1, ceil(extract(epoch FROM edge + make_interval(secs => p_window_ms / 1000.0) - t) * 1000))::integer, false;
END
$$;
