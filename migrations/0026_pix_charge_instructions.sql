CREATE TABLE `pix_charge_instructions` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`subscription_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`psp_recurrence_id` text NOT NULL,
	`retry_policy` text NOT NULL,
	`txid` text NOT NULL,
	`amount` integer NOT NULL,
	`due_date` text NOT NULL,
	`adjust_to_business_day` integer NOT NULL,
	`settlement_date` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`retries` integer NOT NULL,
	`next_retry_date` text,
	`failure_code` text,
	`failure_description` text,
	`end_to_end_id` text,
	`sandbox_outcome` text,
	`next_check_at` text,
	`test_clock_id` text,
	`revision` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pix_charge_instructions_invoice_idx` ON `pix_charge_instructions` (`invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `pix_charge_instructions_txid_idx` ON `pix_charge_instructions` (`txid`);--> statement-breakpoint
CREATE INDEX `pix_charge_instructions_due_idx` ON `pix_charge_instructions` (`next_check_at`) WHERE "pix_charge_instructions"."next_check_at" is not null and "pix_charge_instructions"."test_clock_id" is null;--> statement-breakpoint
CREATE INDEX `pix_charge_instructions_clock_idx` ON `pix_charge_instructions` (`test_clock_id`,`next_check_at`) WHERE "pix_charge_instructions"."next_check_at" is not null and "pix_charge_instructions"."test_clock_id" is not null;