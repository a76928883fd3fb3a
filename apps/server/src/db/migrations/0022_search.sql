-- The search box (issue 27 §2): trigram indexes over each register's searched text, folded (lower case, without
-- Vietnamese marks) by it4u_fold, so that 'hoa mai' finds 'Hoa Mài' and a substring is found from an index. The
-- function is PL/pgSQL so that it is not inlined (a query's call then matches its index's as written) and costly
-- (COST 200), so that the planner prefers an index to folding every row of a table.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION it4u_fold(text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE COST 200 AS $$
BEGIN
  RETURN lower(translate($1, 'àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđÀÁẠẢÃÂẦẤẬẨẪĂẰẮẶẲẴÈÉẸẺẼÊỀẾỆỂỄÌÍỊỈĨÒÓỌỎÕÔỒỐỘỔỖƠỜỚỢỞỠÙÚỤỦŨƯỪỨỰỬỮỲÝỴỶỸĐ', 'aaaaaaaaaaaaaaaaaeeeeeeeeeeeiiiiiooooooooooooooooouuuuuuuuuuuyyyyydaaaaaaaaaaaaaaaaaeeeeeeeeeeeiiiiiooooooooooooooooouuuuuuuuuuuyyyyyd'));
END
$$;--> statement-breakpoint
CREATE INDEX "contracts_search_idx" ON "contracts" USING gin ((it4u_fold(client_name || ' ' || num_contract || ' ' || company_name || ' ' || phone)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_search_idx" ON "sites" USING gin ((it4u_fold(sitename || ' ' || idname)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_records_search_idx" ON "stock_records" USING gin ((it4u_fold(serial_num || ' ' || mac)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "channel_attributes_search_idx" ON "channel_attributes" USING gin ((it4u_fold(name || ' ' || username_pppoe || ' ' || customer)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "device_info_search_idx" ON "device_info" USING gin ((it4u_fold(search)) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ((it4u_fold(name || ' ' || username || ' ' || email)) gin_trgm_ops);
