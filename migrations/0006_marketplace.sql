CREATE TABLE `chargebacks` (
	`id` text PRIMARY KEY NOT NULL,
	`transaction_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`reason_code` text NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`settlement_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `chargebacks_seller_idx` ON `chargebacks` (`seller_id`,`livemode`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `chargebacks_transaction_idx` ON `chargebacks` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `chargebacks_unsettled_idx` ON `chargebacks` (`seller_id`) WHERE "chargebacks"."settlement_id" is null;--> statement-breakpoint
CREATE TABLE `settlements` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`status` text NOT NULL,
	`currency` text NOT NULL,
	`due_date` text NOT NULL,
	`transaction_count` integer NOT NULL,
	`gross_amount` integer NOT NULL,
	`fee_amount` integer NOT NULL,
	`refunded_amount` integer NOT NULL,
	`chargeback_amount` integer NOT NULL,
	`net_amount` integer NOT NULL,
	`paid_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `settlements_seller_idx` ON `settlements` (`seller_id`,`livemode`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `settlements_due_idx` ON `settlements` (`status`,`due_date`);--> statement-breakpoint
CREATE TABLE `team_members` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text,
	`profile` text NOT NULL,
	`status` text NOT NULL,
	`last_access_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_seller_email_idx` ON `team_members` (`seller_id`,`email`);--> statement-breakpoint
CREATE INDEX `team_members_seller_idx` ON `team_members` (`seller_id`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `sellers_parent_idx`;--> statement-breakpoint
ALTER TABLE `sellers` ADD `document_masked` text;--> statement-breakpoint
ALTER TABLE `sellers` ADD `pii` text;--> statement-breakpoint
ALTER TABLE `sellers` ADD `payment_methods` text;--> statement-breakpoint
ALTER TABLE `sellers` ADD `business_info` text;--> statement-breakpoint
ALTER TABLE `sellers` ADD `status_changed_at` text;--> statement-breakpoint
ALTER TABLE `sellers` ADD `status_reason` text;--> statement-breakpoint
CREATE INDEX `sellers_parent_idx` ON `sellers` (`parent_id`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `fee_plans` ADD `owner_seller_id` text;--> statement-breakpoint
ALTER TABLE `fee_plans` ADD `platform_share_bps` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `fee_plans` ADD `installment_surcharges_bps` text;--> statement-breakpoint
CREATE INDEX `fee_plans_owner_idx` ON `fee_plans` (`owner_seller_id`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `refunds` ADD `settlement_id` text;--> statement-breakpoint
CREATE INDEX `refunds_unsettled_idx` ON `refunds` (`transaction_id`) WHERE "refunds"."settlement_id" is null and "refunds"."status" = 'COMPLETED';--> statement-breakpoint
ALTER TABLE `transactions` ADD `settlement_id` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `client_secret` text;--> statement-breakpoint
CREATE INDEX `transactions_unsettled_idx` ON `transactions` (`seller_id`,`paid_at`) WHERE "transactions"."settlement_id" is null and "transactions"."paid_at" is not null;--> statement-breakpoint
-- Every existing seller's creator becomes its OWNER (the seller's e-mail and legal name).
INSERT INTO `team_members` (`id`, `seller_id`, `email`, `first_name`, `last_name`, `profile`, `status`, `last_access_at`, `created_at`, `updated_at`)
SELECT lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-8' || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
  `id`, `email`, `legal_name`, NULL, 'OWNER', 'ACTIVE', NULL, `created_at`, `created_at` FROM `sellers`;
