ALTER TABLE "saved_views" ADD COLUMN "name_key" text;--> statement-breakpoint
-- contract: the same index, on the name as the app folds it (name_key) where the row has one; the release before never sets name_key, so coalesce gives its rows lower(name) as before, and its unique-violation check still finds this index by its name. Dropped and made again in the migration's one transaction.
DROP INDEX "saved_views_member_page_name_uq";--> statement-breakpoint
-- contract: the release before writes name_key null, so its rows' key is lower(name) as under the old index: it is refused only a name its own check would call taken (its 409), or one the new release folded to the same key.
CREATE UNIQUE INDEX "saved_views_member_page_name_uq" ON "saved_views" USING btree ("member_id","page",coalesce("name_key", lower("name")));
