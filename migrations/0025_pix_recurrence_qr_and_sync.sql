ALTER TABLE `pix_recurrences` ADD `authorization_br_code` text;--> statement-breakpoint
ALTER TABLE `pix_recurrences` ADD `reconciled_at` text;