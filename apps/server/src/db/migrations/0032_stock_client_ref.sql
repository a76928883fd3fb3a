-- A stock-out kept on a phone while offline carries its own key: sent twice (the answer lost on the way), it is
-- stored once.
ALTER TABLE "stock_records" ADD COLUMN "client_ref" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_records_client_ref_idx" ON "stock_records" USING btree ("client_ref");