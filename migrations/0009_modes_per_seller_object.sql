PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notification_settings` (
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`event_type` text NOT NULL,
	`webhook` integer NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`seller_id`, `livemode`, `event_type`),
	FOREIGN KEY (`seller_id`) REFERENCES `sellers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- A setting made before modes were separate applied to both: it is kept for each mode.
INSERT INTO `__new_notification_settings`("seller_id", "livemode", "event_type", "webhook", "updated_at")
  SELECT "seller_id", 0, "event_type", "webhook", "updated_at" FROM `notification_settings`
  UNION ALL SELECT "seller_id", 1, "event_type", "webhook", "updated_at" FROM `notification_settings`;--> statement-breakpoint
DROP TABLE `notification_settings`;--> statement-breakpoint
ALTER TABLE `__new_notification_settings` RENAME TO `notification_settings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `fee_plans` ADD `livemode` integer;--> statement-breakpoint
ALTER TABLE `sellers` ADD `livemode` integer;--> statement-breakpoint
-- A sub-seller belongs to the mode of the key that created it, which is the mode of its own keys.
UPDATE `sellers` SET `livemode` = EXISTS (SELECT 1 FROM `api_keys` WHERE `api_keys`.`seller_id` = `sellers`.`id` AND `api_keys`.`mode` = 'live')
WHERE `parent_id` IS NOT NULL;