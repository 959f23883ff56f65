CREATE TABLE "charge_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charge_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"charge_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text,
	"detail" jsonb,
	"actor" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'submitting' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"phone_number" text NOT NULL,
	"provider" text NOT NULL,
	"vouchers" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reference" text,
	"message" text,
	"outcome_code" text,
	"upstream_http_status" integer,
	"upstream_body" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	CONSTRAINT "charges_amount_positive" CHECK ("charges"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "charge_events" ADD CONSTRAINT "charge_events_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_events_charge_idx" ON "charge_events" USING btree ("charge_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_idempotency_key_uq" ON "charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_reference_uq" ON "charges" USING btree ("reference") WHERE "charges"."reference" is not null;--> statement-breakpoint
CREATE INDEX "charges_created_at_idx" ON "charges" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "charges_status_idx" ON "charges" USING btree ("status","created_at");