-- momo_take_place (0017) again, with the same plans whatever the table's statistics say. Measured
-- (npm run bench -- --only places, after other parts had left the table analysed while keys had
-- few places): a key of 200,000 places took 51 places a second instead of 4,800. Two plans had
-- turned: "are there places above the limit?" read the whole table (a sequential scan expected
-- to stop early, finding none), and the free place was found by sorting every place of the key.
-- Now the size check is one probe of the primary key (the highest slot is the limit exactly when
-- the key has its places: they are 1 … limit), and sequential scans and sorts are off inside the
-- function, so each lookup walks its index in order and stops at the first row it needs.
CREATE OR REPLACE FUNCTION momo_take_place(p_key text, p_kind text, p_allowed integer, p_limit integer, p_window_ms integer)
RETURNS TABLE (granted boolean, wait_ms integer, paused boolean, call_id bigint)
LANGUAGE plpgsql VOLATILE
SET enable_sort = off
SET enable_seqscan = off
AS $$
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
  IF (SELECT max(slot) FROM upstream_places WHERE key_id = p_key) IS DISTINCT FROM p_limit THEN
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
  SELECT q.sent_at INTO edge FROM upstream_places q
   WHERE q.key_id = p_key AND q.slot <= p_allowed ORDER BY q.sent_at LIMIT 1;
  RETURN QUERY SELECT false, CASE WHEN edge IS NULL OR edge <= since THEN 1
    ELSE greatest(1, ceil(extract(epoch FROM edge - since) * 1000))::integer END, false, NULL::bigint;
END
$$;
