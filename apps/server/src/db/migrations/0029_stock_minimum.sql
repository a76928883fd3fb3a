-- A catalogue item's minimum stock: below it, an alert opens (issue 28 §1).
ALTER TABLE "supply_items" ADD COLUMN "min_stock" integer;