CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`type` text NOT NULL,
	`occurred_at` text NOT NULL,
	`data` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `events_seller_idx` ON `events` (`seller_id`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `fee_plan_rates` (
	`fee_plan_id` text NOT NULL,
	`payment_method` text NOT NULL,
	`percent_bps` integer NOT NULL,
	`fixed_amount` integer NOT NULL,
	PRIMARY KEY(`fee_plan_id`, `payment_method`),
	FOREIGN KEY (`fee_plan_id`) REFERENCES `fee_plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `fee_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`key` text NOT NULL,
	`operation` text NOT NULL,
	`token` text NOT NULL,
	`request_hash` text NOT NULL,
	`request_body` text NOT NULL,
	`status` text NOT NULL,
	`response_status` integer,
	`response_body` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	PRIMARY KEY(`seller_id`, `livemode`, `key`),
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `idempotency_keys_expiry_idx` ON `idempotency_keys` (`expires_at`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`amount` integer NOT NULL,
	`original_amount` integer NOT NULL,
	`status` text NOT NULL,
	`failure_reason` text,
	`requested_at` text NOT NULL,
	`completed_at` text,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `refunds_transaction_idx` ON `refunds` (`transaction_id`,`requested_at`);--> statement-breakpoint
CREATE INDEX `refunds_status_idx` ON `refunds` (`status`,`requested_at`);--> statement-breakpoint
CREATE TABLE `transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`status` text NOT NULL,
	`payment_method` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`description` text,
	`buyer_id` text,
	`customer` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`pix_location_id` text,
	`pix_txid` text,
	`pix_qr_code` text,
	`expires_at` text,
	`fee_plan_id` text,
	`fee_percent_bps` integer NOT NULL,
	`fee_fixed_amount` integer NOT NULL,
	`fee_amount` integer,
	`net_amount` integer,
	`paid_at` text,
	`cancelled_at` text,
	`cancellation_reason` text,
	`revision` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `buyers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`fee_plan_id`) REFERENCES `fee_plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `transactions_seller_idx` ON `transactions` (`seller_id`,`livemode`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `transactions_seller_status_idx` ON `transactions` (`seller_id`,`livemode`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `transactions_expiry_idx` ON `transactions` (`status`,`expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_pix_location_idx` ON `transactions` (`pix_location_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_pix_txid_idx` ON `transactions` (`pix_txid`);--> statement-breakpoint
ALTER TABLE `sellers` ADD `fee_plan_id` text REFERENCES fee_plans(id);--> statement-breakpoint
ALTER TABLE `sellers` ADD `city` text;--> statement-breakpoint
-- Seed data (hand-written, appended to the generated DDL): the default fee plan that every seller
-- gets (worker/domain/transactions/fees.ts, DEFAULT_FEE_PLAN_ID), and sellers created before this
-- migration are moved onto it. Idempotent, so re-running it changes nothing.
INSERT OR IGNORE INTO `fee_plans` (`id`, `name`, `created_at`) VALUES ('00000000-0000-4000-8000-000000000001', 'Default', '2026-01-01T00:00:00.000Z');--> statement-breakpoint
INSERT OR IGNORE INTO `fee_plan_rates` (`fee_plan_id`, `payment_method`, `percent_bps`, `fixed_amount`) VALUES
	('00000000-0000-4000-8000-000000000001', 'PIX', 99, 0),
	('00000000-0000-4000-8000-000000000001', 'CREDIT_CARD', 399, 39),
	('00000000-0000-4000-8000-000000000001', 'DEBIT_CARD', 199, 0);--> statement-breakpoint
UPDATE `sellers` SET `fee_plan_id` = '00000000-0000-4000-8000-000000000001' WHERE `fee_plan_id` IS NULL;
