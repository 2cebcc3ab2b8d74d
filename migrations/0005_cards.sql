CREATE TABLE `cards` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`buyer_id` text,
	`type` text NOT NULL,
	`status` text NOT NULL,
	`brand` text NOT NULL,
	`bin` text NOT NULL,
	`last4` text NOT NULL,
	`holder_name` text,
	`exp_month` text NOT NULL,
	`exp_year` text NOT NULL,
	`pan` text NOT NULL,
	`fingerprint` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `buyers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `cards_seller_idx` ON `cards` (`seller_id`,`livemode`,`fingerprint`);--> statement-breakpoint
CREATE TABLE `threeds_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`reference_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`transaction_id` text,
	`status` text NOT NULL,
	`card_fingerprint` text NOT NULL,
	`brand` text NOT NULL,
	`card_id` text,
	`acquirer` text NOT NULL,
	`authentication_id` text,
	`amount` integer,
	`currency` text,
	`return_url` text,
	`cavv_digest` text,
	`xid` text,
	`eci` text,
	`ds_transaction_id` text,
	`server_transaction_id` text,
	`used_by` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `threeds_authentication_idx` ON `threeds_sessions` (`authentication_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `threeds_cavv_idx` ON `threeds_sessions` (`cavv_digest`);--> statement-breakpoint
ALTER TABLE `api_keys` ADD `public_key` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `card_id` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `card_brand` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `card_bin` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `card_last4` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `card_token` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `installments` integer;--> statement-breakpoint
ALTER TABLE `transactions` ADD `acquirer` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `failure_code` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `failure_message` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `seon_session` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `pending_action` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `threeds_session_id` text;