-- The search box's folded text is stored (issue 27 §2): each register's searched fields, folded by it4u_fold, in a
-- generated column that the trigram index is made on. A search then reads the folded text of each match instead of
-- folding it again, which a word matching thousands of rows made slow. The expression indexes of 0022 go.
DROP INDEX "contracts_search_idx";--> statement-breakpoint
DROP INDEX "sites_search_idx";--> statement-breakpoint
DROP INDEX "stock_records_search_idx";--> statement-breakpoint
DROP INDEX "channel_attributes_search_idx";--> statement-breakpoint
DROP INDEX "device_info_search_idx";--> statement-breakpoint
DROP INDEX "users_search_idx";--> statement-breakpoint
ALTER TABLE "channel_attributes" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (it4u_fold(name || ' ' || username_pppoe || ' ' || customer)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (it4u_fold(client_name || ' ' || num_contract || ' ' || company_name || ' ' || phone)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "device_info" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (it4u_fold(search)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (it4u_fold(sitename || ' ' || idname)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_records" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (it4u_fold(serial_num || ' ' || mac)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_folded" text GENERATED ALWAYS AS (it4u_fold(name || ' ' || username || ' ' || email)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "channel_attributes_search_idx" ON "channel_attributes" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contracts_search_idx" ON "contracts" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "device_info_search_idx" ON "device_info" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_search_idx" ON "sites" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_records_search_idx" ON "stock_records" USING gin ("search_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_folded" gin_trgm_ops);