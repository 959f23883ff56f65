CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"subject_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	CONSTRAINT "events_type_check" CHECK ("events"."type" in ('charge.succeeded', 'charge.failed', 'charge.unknown', 'charge.reversed', 'batch.awaiting_approval', 'batch.finished', 'payment_request.paid', 'member.two_factor_reset', 'session.new_device'))
);
--> statement-breakpoint
CREATE INDEX "events_undispatched_idx" ON "events" USING btree ("created_at") WHERE "events"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "events_subject_idx" ON "events" USING btree ("subject_id","created_at");