CREATE INDEX "donation_event_title_sort_idx" ON "donation" USING btree (lower("event_title"),"id");--> statement-breakpoint
CREATE INDEX "donation_amount_sort_idx" ON "donation" USING btree ("amount_cents","id");--> statement-breakpoint
CREATE INDEX "donation_email_trgm_idx" ON "donation" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "donation_event_title_trgm_idx" ON "donation" USING gin ("event_title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "donation_transaction_trgm_idx" ON "donation" USING gin ("transaction" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "event_title_sort_idx" ON "event" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "event_title_trgm_idx" ON "event" USING gin ("title" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "registration_name_sort_idx" ON "registration" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "registration_email_idx" ON "registration" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "registration_name_trgm_idx" ON "registration" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "registration_email_trgm_idx" ON "registration" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);