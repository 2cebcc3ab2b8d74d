CREATE TABLE `pix_recurrences` (
	`id` text PRIMARY KEY NOT NULL,
	`subscription_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`psp_recurrence_id` text,
	`status` text NOT NULL,
	`journey` text NOT NULL,
	`periodicity` text NOT NULL,
	`retry_policy` text NOT NULL,
	`contract` text NOT NULL,
	`object` text,
	`location_id` integer,
	`first_transaction_id` text,
	`ending_code` text,
	`ending_description` text,
	`ended_by` text,
	`approved_at` text,
	`ended_at` text,
	`sandbox_next_charge_outcome` text,
	`revision` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pix_recurrences_subscription_idx` ON `pix_recurrences` (`subscription_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `pix_recurrences_psp_idx` ON `pix_recurrences` (`psp_recurrence_id`) WHERE "pix_recurrences"."psp_recurrence_id" is not null;--> statement-breakpoint
ALTER TABLE `subscription_settings` ADD `pix_retry_policy` text;--> statement-breakpoint
ALTER TABLE `subscription_settings` ADD `pix_charge_lead_days` integer;