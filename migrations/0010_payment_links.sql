CREATE TABLE `checkout_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_link_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`status` text NOT NULL,
	`client_secret` text NOT NULL,
	`transaction_id` text,
	`expires_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`payment_link_id`) REFERENCES `payment_links`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `checkout_sessions_link_idx` ON `checkout_sessions` (`payment_link_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `checkout_sessions_expiry_idx` ON `checkout_sessions` (`expires_at`) WHERE "checkout_sessions"."status" = 'OPEN';--> statement-breakpoint
CREATE TABLE `payment_links` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`status` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`charge_type` text NOT NULL,
	`amount` integer NOT NULL,
	`min_amount` integer,
	`quantity` integer NOT NULL,
	`currency` text NOT NULL,
	`payment_methods` text NOT NULL,
	`max_installments` integer,
	`require_customer_document` integer NOT NULL,
	`success_url` text,
	`cancel_url` text,
	`max_uses` integer,
	`expires_at` text,
	`checkout_config` text,
	`checkout_session_ttl_minutes` integer,
	`checkout_session_never_expires` integer NOT NULL,
	`revision` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_links_seller_idx` ON `payment_links` (`seller_id`,`livemode`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `payment_links_seller_status_idx` ON `payment_links` (`seller_id`,`livemode`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `payment_links_expiry_idx` ON `payment_links` (`expires_at`) WHERE "payment_links"."status" <> 'EXPIRED' and "payment_links"."expires_at" is not null;--> statement-breakpoint
ALTER TABLE `transactions` ADD `payment_link_id` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `checkout_session_id` text;--> statement-breakpoint
CREATE INDEX `transactions_payment_link_idx` ON `transactions` (`payment_link_id`,`created_at`,`id`) WHERE "transactions"."payment_link_id" is not null;--> statement-breakpoint
-- Stored views of earlier transactions gain the field every new one has (none was paid through a link).
UPDATE `transactions` SET `view` = json_set(`view`, '$.paymentLinkId', NULL) WHERE `view` IS NOT NULL;
