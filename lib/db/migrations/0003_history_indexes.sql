DROP INDEX "charges_status_idx";--> statement-breakpoint
CREATE INDEX "charges_status_created_idx" ON "charges" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "charges_provider_created_idx" ON "charges" USING btree ("provider","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "charges_created_by_created_idx" ON "charges" USING btree ("created_by","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "charges_phone_created_idx" ON "charges" USING btree ("phone_number","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "charges_amount_idx" ON "charges" USING btree ("amount_minor","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "charges_description_trgm_idx" ON "charges" USING gin ("description" gin_trgm_ops);