DROP INDEX `buyers_seller_idx`;--> statement-breakpoint
ALTER TABLE `buyers` ADD `livemode` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `buyers_seller_idx` ON `buyers` (`seller_id`,`livemode`,`created_at`);