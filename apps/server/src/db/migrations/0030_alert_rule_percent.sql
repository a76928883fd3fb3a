-- The alerts' rules may carry a percentage of their own (a voucher batch nearly used up: the share left).
ALTER TABLE "alert_rules" ADD COLUMN "percent" integer;
