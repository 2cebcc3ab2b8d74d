ALTER TABLE `sellers` ADD `live_approved_at` text;--> statement-breakpoint
ALTER TABLE `team_members` ADD `live_access` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `dashboard_challenges` ADD `member_id` text;--> statement-breakpoint
-- The seller's creator (OWNER) holds live access; members invited before this migration do not
-- (nothing recorded which key invited them): an OWNER grants it from the dashboard.
UPDATE `team_members` SET `live_access` = 1 WHERE `profile` = 'OWNER';--> statement-breakpoint
-- A company that already holds a live key was given it by the operator (or through the door this
-- migration closes): approved for live from its first live key, so running integrations go on.
UPDATE `sellers` SET `live_approved_at` = (SELECT min(`created_at`) FROM `api_keys` WHERE `api_keys`.`seller_id` = `sellers`.`id` AND `api_keys`.`mode` = 'live')
  WHERE `parent_id` IS NULL AND EXISTS (SELECT 1 FROM `api_keys` WHERE `api_keys`.`seller_id` = `sellers`.`id` AND `api_keys`.`mode` = 'live');--> statement-breakpoint
-- A live sub-seller whose KYC was approved is approved for live.
UPDATE `sellers` SET `live_approved_at` = coalesce(`status_changed_at`, `created_at`) WHERE `livemode` = 1 AND `status` IN ('ACTIVE', 'SUSPENDED');--> statement-breakpoint
-- A test-mode sub-seller exists only in test mode: any live key it holds is revoked.
UPDATE `api_keys` SET `revoked_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `mode` = 'live' AND `revoked_at` IS NULL
  AND `seller_id` IN (SELECT `id` FROM `sellers` WHERE `livemode` = 0);
