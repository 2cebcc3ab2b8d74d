ALTER TABLE `threeds_sessions` ADD `provider` text;--> statement-breakpoint
ALTER TABLE `threeds_sessions` ADD `provider_reference_id` text;--> statement-breakpoint
ALTER TABLE `threeds_sessions` ADD `provider_authentication_id` text;--> statement-breakpoint
ALTER TABLE `threeds_sessions` ADD `provider_page_url` text;--> statement-breakpoint
ALTER TABLE `threeds_sessions` ADD `provider_token` text;--> statement-breakpoint
ALTER TABLE `threeds_sessions` ADD `specification_version` text;--> statement-breakpoint
ALTER TABLE `threeds_sessions` ADD `cavv_sealed` text;--> statement-breakpoint
CREATE UNIQUE INDEX `threeds_reference_idx` ON `threeds_sessions` (`reference_id`);--> statement-breakpoint
ALTER TABLE `transactions` ADD `acquirer_reference` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `decline_hard` integer;