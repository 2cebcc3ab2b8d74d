DROP INDEX `transactions_link_pending_idx`;--> statement-breakpoint
ALTER TABLE `transactions` ADD `link_hold_address` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `link_hold_document` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `link_seen_at` text;--> statement-breakpoint
CREATE INDEX `transactions_link_pending_document_idx` ON `transactions` (`payment_link_id`,`link_hold_document`) WHERE "transactions"."payment_link_id" is not null and "transactions"."status" = 'PENDING' and "transactions"."link_hold_document" is not null;--> statement-breakpoint
CREATE INDEX `transactions_link_pending_idx` ON `transactions` (`payment_link_id`,`link_hold_address`) WHERE "transactions"."payment_link_id" is not null and "transactions"."status" = 'PENDING';--> statement-breakpoint
ALTER TABLE `payment_links` ADD `max_amount` integer;--> statement-breakpoint
-- A link's charge pending before this migration already holds its use for the full span: it
-- counts as looked at (payment-links/holds.ts), so the first read does not touch it.
UPDATE `transactions` SET `link_seen_at` = `created_at` WHERE `payment_link_id` IS NOT NULL AND `status` = 'PENDING' AND `link_seen_at` IS NULL;
