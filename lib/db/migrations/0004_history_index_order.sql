DROP INDEX "charges_created_at_idx";--> statement-breakpoint
DROP INDEX "charges_status_created_idx";--> statement-breakpoint
DROP INDEX "charges_provider_created_idx";--> statement-breakpoint
DROP INDEX "charges_created_by_created_idx";--> statement-breakpoint
DROP INDEX "charges_phone_created_idx";--> statement-breakpoint
CREATE INDEX "charges_created_at_idx" ON "charges" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "charges_status_created_idx" ON "charges" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "charges_provider_created_idx" ON "charges" USING btree ("provider","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "charges_created_by_created_idx" ON "charges" USING btree ("created_by","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "charges_phone_created_idx" ON "charges" USING btree ("phone_number","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);