-- The pay page's per-number limit kept each number as a plain SHA-256 digest, which trying the
-- country's billion numbers undoes, in rows that outlived their 10-minute window. Its keys are now
-- keyed digests (lib/payment-requests/limits.ts): the old rows go. A number's count starts again,
-- at most 10 minutes early; the release before, still running during an upgrade, writes such a row
-- again only until it stops, and the sweep's prune takes it after its window.
DELETE FROM "rate_limits" WHERE "key" LIKE 'pay\_number:%';
