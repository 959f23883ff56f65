CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp
);
--> statement-breakpoint
CREATE TABLE "security_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"two_factor_roles" text[] DEFAULT '{owner,support}'::text[] NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_settings_single_row" CHECK ("security_settings"."id" = 1),
	CONSTRAINT "security_settings_roles_check" CHECK ("security_settings"."two_factor_roles" <@ array['owner', 'staff', 'support']::text[])
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "redacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "proven_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_settings" ADD CONSTRAINT "security_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "twoFactor_secret_idx" ON "two_factor" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "twoFactor_userId_idx" ON "two_factor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","id" DESC NULLS LAST);--> statement-breakpoint
-- The audit log's hash chain (lib/audit/chain.ts verifies it). Every row's hash is sha-256 of
-- the previous row's hash and of this row's content, each field length-prefixed in bytes:
--   "<bytes>:<text>" per field, "-" for null, in the order id, at, action, actor_id,
--   actor_email, target_id, detail, ip, prev_hash; joined by "|".
-- at is written as UTC to the millisecond, detail as PostgreSQL prints jsonb.
CREATE FUNCTION audit_event_field(v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN v IS NULL THEN '-' ELSE octet_length(v)::text || ':' || v END
$$;
--> statement-breakpoint
CREATE FUNCTION audit_event_hash(r audit_events) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|',
    audit_event_field(r.id::text),
    audit_event_field(to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    audit_event_field(r.action),
    audit_event_field(r.actor_id),
    audit_event_field(r.actor_email),
    audit_event_field(r.target_id),
    audit_event_field(r.detail::text),
    audit_event_field(r.ip),
    audit_event_field(r.prev_hash)
  ), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Rows written before the chain existed are chained now, in id order.
UPDATE "audit_events" SET "at" = date_trunc('milliseconds', "at");
--> statement-breakpoint
DO $$
DECLARE r audit_events; prev text := NULL;
BEGIN
  FOR r IN SELECT * FROM audit_events ORDER BY id LOOP
    r.prev_hash := prev;
    prev := audit_event_hash(r);
    UPDATE audit_events SET prev_hash = r.prev_hash, hash = prev WHERE id = r.id;
  END LOOP;
END $$;
--> statement-breakpoint
-- Each insert, whichever statement makes it, is chained in the inserting transaction: it takes
-- the chain's lock (held to commit), then its id from the sequence, so ids follow the chain.
CREATE FUNCTION audit_events_chain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The previous row is read with the statement's snapshot: under REPEATABLE READ or SERIALIZABLE
  -- that snapshot may predate the last commit, and the chain would fork. Refused instead.
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'audit_events rows are written at READ COMMITTED only' USING ERRCODE = 'feature_not_supported';
  END IF;
  PERFORM pg_advisory_xact_lock(727003);
  NEW.id := nextval(pg_get_serial_sequence('audit_events', 'id'));
  NEW.at := date_trunc('milliseconds', coalesce(NEW.at, now()));
  NEW.prev_hash := (SELECT hash FROM audit_events ORDER BY id DESC LIMIT 1);
  NEW.hash := audit_event_hash(NEW);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_chain();
--> statement-breakpoint
-- Append-only: no update, delete or truncate, whoever asks (README, "Least privilege": the app's
-- role must not own the table, so it cannot drop this trigger either).
CREATE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
