ALTER TABLE `refunds` ADD `reason` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `authorization_code` text;