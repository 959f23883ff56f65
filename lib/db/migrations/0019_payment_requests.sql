CREATE TABLE "payment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"amount_minor" bigint,
	"min_minor" bigint,
	"max_minor" bigint,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"customer_id" uuid,
	"reference" text,
	"reusable" boolean DEFAULT false NOT NULL,
	"max_payments" integer,
	"state" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone,
	CONSTRAINT "payment_requests_state_check" CHECK ("payment_requests"."state" in ('active', 'paused', 'cancelled')),
	CONSTRAINT "payment_requests_amount_check" CHECK (("payment_requests"."amount_minor" > 0 and "payment_requests"."min_minor" is null and "payment_requests"."max_minor" is null)
          or ("payment_requests"."amount_minor" is null and "payment_requests"."min_minor" > 0 and "payment_requests"."max_minor" >= "payment_requests"."min_minor")),
	CONSTRAINT "payment_requests_max_payments_check" CHECK ("payment_requests"."max_payments" is null or ("payment_requests"."reusable" and "payment_requests"."max_payments" >= 1)),
	CONSTRAINT "payment_requests_token_check" CHECK ("payment_requests"."token" ~ '^[A-Za-z0-9_-]{24}$')
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "payment_request_id" uuid;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "payment_slot" integer;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_token_uq" ON "payment_requests" USING btree ("token");--> statement-breakpoint
CREATE INDEX "payment_requests_created_idx" ON "payment_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_payment_request_id_payment_requests_id_fk" FOREIGN KEY ("payment_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_payment_request_created_idx" ON "charges" USING btree ("payment_request_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "charges"."payment_request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_payment_slot_uq" ON "charges" USING btree ("payment_request_id","payment_slot") WHERE "charges"."payment_slot" is not null and "charges"."status" <> 'failed';