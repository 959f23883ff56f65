CREATE TABLE "batch_rows" (
	"batch_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"phone_number" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"customer_reference" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"charge_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_rows_batch_id_row_number_pk" PRIMARY KEY("batch_id","row_number"),
	CONSTRAINT "batch_rows_amount_positive" CHECK ("batch_rows"."amount_minor" > 0),
	CONSTRAINT "batch_rows_state_check" CHECK ("batch_rows"."state" in ('queued', 'sending', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "charge_reversals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charge_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"method" text NOT NULL,
	"note" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_reversals_amount_positive" CHECK ("charge_reversals"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone_number" text NOT NULL,
	"provider" text NOT NULL,
	"reference" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_name_not_blank" CHECK (length(btrim("customers"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'awaiting_approval' NOT NULL,
	"row_count" integer NOT NULL,
	"totals" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"changed_by" text,
	"changed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "batches_row_count_check" CHECK ("batches"."row_count" between 1 and 10000),
	CONSTRAINT "batches_status_check" CHECK ("batches"."status" in ('awaiting_approval', 'rejected', 'running', 'paused', 'cancelled', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "reversed_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "batch_row" integer;--> statement-breakpoint
ALTER TABLE "security_settings" ADD COLUMN "batch_self_approval" text DEFAULT 'sole_owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_reversals" ADD CONSTRAINT "charge_reversals_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_rows_state_idx" ON "batch_rows" USING btree ("batch_id","state","row_number");--> statement-breakpoint
CREATE INDEX "batch_rows_charge_idx" ON "batch_rows" USING btree ("charge_id") WHERE "batch_rows"."charge_id" is not null;--> statement-breakpoint
CREATE INDEX "charge_reversals_charge_idx" ON "charge_reversals" USING btree ("charge_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_phone_uq" ON "customers" USING btree ("phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_reference_uq" ON "customers" USING btree ("reference") WHERE "customers"."reference" is not null;--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "customers_name_trgm_idx" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_prefix_idx" ON "customers" USING btree ("phone_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_reference_prefix_idx" ON "customers" USING btree ("reference" text_pattern_ops) WHERE "customers"."reference" is not null;--> statement-breakpoint
CREATE INDEX "batches_created_idx" ON "batches" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "batches_status_idx" ON "batches" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_batch_created_idx" ON "charges" USING btree ("batch_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "charges"."batch_id" is not null;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_reversed_within_amount" CHECK ("charges"."reversed_minor" >= 0 and "charges"."reversed_minor" <= "charges"."amount_minor");--> statement-breakpoint
ALTER TABLE "security_settings" ADD CONSTRAINT "security_settings_batch_self_approval_check" CHECK ("security_settings"."batch_self_approval" in ('never', 'sole_owner', 'always'));