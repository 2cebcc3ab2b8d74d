CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`subscription_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`period_index` integer NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`attempt_count` integer NOT NULL,
	`next_attempt_at` text,
	`claimed_until` text,
	`transaction_id` text,
	`due_at` text NOT NULL,
	`paid_at` text,
	`test_clock_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_period_idx` ON `invoices` (`subscription_id`,`period_start`);--> statement-breakpoint
CREATE INDEX `invoices_subscription_idx` ON `invoices` (`subscription_id`,`period_index`);--> statement-breakpoint
CREATE INDEX `invoices_due_idx` ON `invoices` (`next_attempt_at`) WHERE "invoices"."status" = 'OPEN' and "invoices"."next_attempt_at" is not null and "invoices"."test_clock_id" is null;--> statement-breakpoint
CREATE INDEX `invoices_clock_idx` ON `invoices` (`test_clock_id`,`next_attempt_at`) WHERE "invoices"."status" = 'OPEN' and "invoices"."test_clock_id" is not null;--> statement-breakpoint
CREATE TABLE `subscription_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`billing_interval` text NOT NULL,
	`interval_count` integer NOT NULL,
	`payment_methods` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `subscription_plans_seller_idx` ON `subscription_plans` (`seller_id`,`livemode`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `subscription_settings` (
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`card_retry_days` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`seller_id`, `livemode`),
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`plan_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`payment_method` text NOT NULL,
	`card_token` text,
	`status` text NOT NULL,
	`billing_anchor` text NOT NULL,
	`periods_billed` integer NOT NULL,
	`current_period_start` text NOT NULL,
	`current_period_end` text NOT NULL,
	`next_billing_at` text,
	`trial_end_at` text,
	`cancel_at_period_end` integer NOT NULL,
	`cancelled_at` text,
	`latest_invoice_id` text,
	`test_clock_id` text,
	`idempotency_key` text,
	`revision` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `subscription_plans`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`buyer_id`) REFERENCES `buyers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `subscriptions_seller_idx` ON `subscriptions` (`seller_id`,`livemode`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_idempotency_idx` ON `subscriptions` (`seller_id`,`livemode`,`idempotency_key`) WHERE "subscriptions"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX `subscriptions_due_idx` ON `subscriptions` (`next_billing_at`) WHERE "subscriptions"."next_billing_at" is not null and "subscriptions"."test_clock_id" is null;--> statement-breakpoint
CREATE INDEX `subscriptions_clock_idx` ON `subscriptions` (`test_clock_id`,`next_billing_at`) WHERE "subscriptions"."test_clock_id" is not null;--> statement-breakpoint
CREATE TABLE `test_clocks` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`name` text,
	`frozen_time` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `test_clocks_seller_idx` ON `test_clocks` (`seller_id`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `cards` ADD `authenticated_at` text;--> statement-breakpoint
CREATE INDEX `cards_single_use_idx` ON `cards` (`created_at`) WHERE "cards"."type" = 'SINGLE_USE' and "cards"."status" = 'ACTIVE';--> statement-breakpoint
ALTER TABLE `transactions` ADD `subscription_id` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `invoice_id` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `initiated_by` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `card_attempts_exceeded_at` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `pix_due_date` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `pix_days_after_due` integer;--> statement-breakpoint
CREATE INDEX `transactions_invoice_idx` ON `transactions` (`invoice_id`) WHERE "transactions"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX `threeds_transaction_idx` ON `threeds_sessions` (`transaction_id`,`card_fingerprint`) WHERE "threeds_sessions"."transaction_id" is not null;--> statement-breakpoint
-- Stored views of earlier transactions gain the fields every new one has (none is a subscription's charge; every one was started by its buyer).
UPDATE `transactions` SET `view` = json_set(`view`, '$.subscriptionId', NULL, '$.invoiceId', NULL, '$.initiatedBy', 'CUSTOMER') WHERE `view` IS NOT NULL;