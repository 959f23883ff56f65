CREATE TABLE "audit_signatures" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_signing_start" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"first_signed_id" bigint NOT NULL,
	CONSTRAINT "audit_signing_start_single_row" CHECK ("audit_signing_start"."id" = 1)
);
--> statement-breakpoint
-- Entries written before this migration are hash-chained only; every later one must be signed.
INSERT INTO "audit_signing_start" ("id", "first_signed_id") SELECT 1, coalesce(max("id"), 0) + 1 FROM "audit_events";
--> statement-breakpoint
-- Append-only, like the entries they sign (as audit_events_refuse_change, migration 0011).
CREATE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_signatures_append_only BEFORE UPDATE OR DELETE ON audit_signatures FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_signatures_no_truncate BEFORE TRUNCATE ON audit_signatures FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_signing_start_fixed BEFORE UPDATE OR DELETE ON audit_signing_start FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_signing_start_no_truncate BEFORE TRUNCATE ON audit_signing_start FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
