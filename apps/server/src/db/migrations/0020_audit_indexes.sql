CREATE INDEX "audit_events_target_at_idx" ON "audit_events" USING btree ("target","at");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");