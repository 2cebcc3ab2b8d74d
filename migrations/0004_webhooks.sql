CREATE TABLE `notification_settings` (
	`seller_id` text NOT NULL,
	`event_type` text NOT NULL,
	`webhook` integer NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`seller_id`, `event_type`),
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `webhook_attempts` (
	`delivery_id` text NOT NULL,
	`attempt` integer NOT NULL,
	`started_at` text NOT NULL,
	`duration_ms` integer NOT NULL,
	`http_status` integer,
	`error` text,
	`response_excerpt` text,
	PRIMARY KEY(`delivery_id`, `attempt`),
	FOREIGN KEY (`delivery_id`) REFERENCES `webhook_deliveries`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`webhook_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`event_id` text NOT NULL,
	`event_type` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`attempt_limit` integer NOT NULL,
	`next_attempt_at` text NOT NULL,
	`lease_until` text,
	`last_http_status` integer,
	`last_error` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`completed_at` text
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_seller_idx` ON `webhook_deliveries` (`seller_id`,`livemode`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`next_attempt_at`) WHERE "webhook_deliveries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX `webhook_deliveries_webhook_idx` ON `webhook_deliveries` (`webhook_id`,`status`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_event_idx` ON `webhook_deliveries` (`event_id`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`url` text NOT NULL,
	`event_types` text NOT NULL,
	`is_active` integer NOT NULL,
	`description` text,
	`secret` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `webhooks_seller_idx` ON `webhooks` (`seller_id`,`livemode`);--> statement-breakpoint
DROP INDEX `events_seller_idx`;--> statement-breakpoint
ALTER TABLE `events` ADD `test` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `events_feed_idx` ON `events` (`seller_id`,`livemode`);--> statement-breakpoint
CREATE INDEX `events_occurred_idx` ON `events` (`occurred_at`);