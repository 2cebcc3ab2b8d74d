ALTER TABLE `sellers` ADD `live_approved_at` text;--> statement-breakpoint
ALTER TABLE `team_members` ADD `live_access` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `dashboard_challenges` ADD `member_id` text;
