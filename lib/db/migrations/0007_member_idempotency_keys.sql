-- Idempotency keys are scoped to the member who made the charge: the same key sent by another
-- member is a new charge, never a replay of someone else's. Existing keys were unique across
-- the ledger, so they are unique per member too.
DROP INDEX "charges_idempotency_key_uq";--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_member_idempotency_key_uq" UNIQUE NULLS NOT DISTINCT("created_by","idempotency_key");