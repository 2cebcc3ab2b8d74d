ALTER TABLE `buyers` ADD `document_digest` text;--> statement-breakpoint
CREATE INDEX `buyers_unindexed_idx` ON `buyers` (`id`) WHERE "buyers"."document_digest" is null;--> statement-breakpoint
ALTER TABLE `transactions` ADD `customer_name_search` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `customer_document_digest` text;--> statement-breakpoint
CREATE INDEX `transactions_search_name_idx` ON `transactions` (`seller_id`,`livemode`,`customer_name_search`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `transactions_search_document_idx` ON `transactions` (`seller_id`,`livemode`,`customer_document_digest`,`created_at`,`id`) WHERE "transactions"."customer_document_digest" is not null;--> statement-breakpoint
CREATE INDEX `transactions_search_last4_idx` ON `transactions` (`seller_id`,`livemode`,`card_last4`,`created_at`,`id`) WHERE "transactions"."card_last4" is not null;--> statement-breakpoint
CREATE INDEX `transactions_search_e2e_idx` ON `transactions` (`seller_id`,`livemode`,`pix_end_to_end_id`,`created_at`,`id`) WHERE "transactions"."pix_end_to_end_id" is not null;--> statement-breakpoint
CREATE INDEX `transactions_unindexed_idx` ON `transactions` (`id`) WHERE "transactions"."customer_name_search" is null;