-- Personal data sealed at rest, per-seller counts kept by triggers, idempotency fingerprints
-- instead of request bodies, and the seller's PIX receiver key. Hand-edited after drizzle-kit
-- generate: SQLite cannot add a NOT NULL column without a default, and existing rows must be
-- carried over. Legacy personal data moves into the new columns as clear JSON; the scheduled
-- sweep `pii.seal` seals it (it is not a '.v1' value, so the partial indexes below find it).
-- The counters are WITHOUT ROWID (hand-added; drizzle-kit cannot express it): a counter is its
-- primary key, so every create updates one b-tree instead of a table and its key index.
CREATE TABLE `buyer_counts` (
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`seller_id`, `livemode`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `transaction_counts` (
	`seller_id` text NOT NULL,
	`livemode` integer NOT NULL,
	`status` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`seller_id`, `livemode`, `status`)
) WITHOUT ROWID;
--> statement-breakpoint
ALTER TABLE `buyers` ADD `document_masked` text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE `buyers` ADD `pii` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `buyers` SET
  `document_masked` = CASE length(`document_number`)
    WHEN 11 THEN '***.' || substr(`document_number`, 4, 3) || '.' || substr(`document_number`, 7, 3) || '-**'
    WHEN 14 THEN '**.' || substr(`document_number`, 3, 3) || '.' || substr(`document_number`, 6, 3) || '/' || substr(`document_number`, 9, 4) || '-**'
    ELSE substr('******************************', 1, length(`document_number`)) END,
  `pii` = json_object('documentNumber', `document_number`, 'phone', `phone`, 'address', json(`address`));--> statement-breakpoint
DROP INDEX `buyers_seller_idx`;--> statement-breakpoint
CREATE INDEX `buyers_unsealed_idx` ON `buyers` (`id`) WHERE "buyers"."pii" not like 'v1.%';--> statement-breakpoint
CREATE INDEX `buyers_seller_idx` ON `buyers` (`seller_id`,`livemode`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `buyers` DROP COLUMN `document_number`;--> statement-breakpoint
ALTER TABLE `buyers` DROP COLUMN `phone`;--> statement-breakpoint
ALTER TABLE `buyers` DROP COLUMN `address`;--> statement-breakpoint
DROP INDEX `transactions_seller_status_idx`;--> statement-breakpoint
DROP INDEX `transactions_pix_txid_idx`;--> statement-breakpoint
ALTER TABLE `transactions` ADD `customer_pii` text NOT NULL DEFAULT '';--> statement-breakpoint
UPDATE `transactions` SET
  `customer_pii` = json_object('documentNumber', `customer` ->> '$.documentNumber', 'phone', `customer` ->> '$.phone', 'address', `customer` -> '$.address'),
  `customer` = json_object('name', `customer` ->> '$.name', 'email', `customer` ->> '$.email', 'documentType', `customer` ->> '$.documentType',
    'document', CASE length(`customer` ->> '$.documentNumber')
      WHEN 11 THEN '***.' || substr(`customer` ->> '$.documentNumber', 4, 3) || '.' || substr(`customer` ->> '$.documentNumber', 7, 3) || '-**'
      WHEN 14 THEN '**.' || substr(`customer` ->> '$.documentNumber', 3, 3) || '.' || substr(`customer` ->> '$.documentNumber', 6, 3) || '/' || substr(`customer` ->> '$.documentNumber', 9, 4) || '-**'
      ELSE substr('******************************', 1, length(`customer` ->> '$.documentNumber')) END);--> statement-breakpoint
CREATE INDEX `transactions_unsealed_idx` ON `transactions` (`id`) WHERE "transactions"."customer_pii" not like 'v1.%';--> statement-breakpoint
CREATE INDEX `transactions_seller_status_idx` ON `transactions` (`seller_id`,`livemode`,`status`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `idempotency_keys` ADD `fingerprint` text;--> statement-breakpoint
ALTER TABLE `idempotency_keys` DROP COLUMN `request_body`;--> statement-breakpoint
ALTER TABLE `sellers` ADD `pix_key` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `pix_key` text;--> statement-breakpoint
ALTER TABLE `transactions` ADD `view` text;--> statement-breakpoint
-- The sandbox seller of a first start made before sellers had a city keeps charging by PIX.
UPDATE `sellers` SET `city` = 'Sao Paulo'
  WHERE `city` IS NULL AND `id` IN (SELECT `value` FROM `installation` WHERE `key` = 'bootstrap_seller_id');--> statement-breakpoint
INSERT INTO `transaction_counts` (`seller_id`, `livemode`, `status`, `n`)
  SELECT `seller_id`, `livemode`, `status`, count(*) FROM `transactions` GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO `buyer_counts` (`seller_id`, `livemode`, `n`)
  SELECT `seller_id`, `livemode`, count(*) FROM `buyers` GROUP BY 1, 2;--> statement-breakpoint
CREATE TRIGGER `transactions_counted_on_insert` AFTER INSERT ON `transactions` BEGIN
  INSERT INTO `transaction_counts` (`seller_id`, `livemode`, `status`, `n`) VALUES (NEW.`seller_id`, NEW.`livemode`, NEW.`status`, 1)
    ON CONFLICT (`seller_id`, `livemode`, `status`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `transactions_counted_on_status` AFTER UPDATE OF `status` ON `transactions` WHEN OLD.`status` <> NEW.`status` BEGIN
  UPDATE `transaction_counts` SET `n` = `n` - 1
    WHERE `seller_id` = OLD.`seller_id` AND `livemode` = OLD.`livemode` AND `status` = OLD.`status`;
  INSERT INTO `transaction_counts` (`seller_id`, `livemode`, `status`, `n`) VALUES (NEW.`seller_id`, NEW.`livemode`, NEW.`status`, 1)
    ON CONFLICT (`seller_id`, `livemode`, `status`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `transactions_counted_on_delete` AFTER DELETE ON `transactions` BEGIN
  UPDATE `transaction_counts` SET `n` = `n` - 1
    WHERE `seller_id` = OLD.`seller_id` AND `livemode` = OLD.`livemode` AND `status` = OLD.`status`;
END;--> statement-breakpoint
CREATE TRIGGER `buyers_counted_on_insert` AFTER INSERT ON `buyers` BEGIN
  INSERT INTO `buyer_counts` (`seller_id`, `livemode`, `n`) VALUES (NEW.`seller_id`, NEW.`livemode`, 1)
    ON CONFLICT (`seller_id`, `livemode`) DO UPDATE SET `n` = `n` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `buyers_counted_on_delete` AFTER DELETE ON `buyers` BEGIN
  UPDATE `buyer_counts` SET `n` = `n` - 1 WHERE `seller_id` = OLD.`seller_id` AND `livemode` = OLD.`livemode`;
END;--> statement-breakpoint
-- A stored view is never stale: a change that moves the revision without writing the view
-- (the refund request) clears it, and lists render that row in SQL until the next move.
CREATE TRIGGER `transactions_view_cleared_on_change` AFTER UPDATE OF `revision` ON `transactions`
  WHEN NEW.`view` IS OLD.`view` AND OLD.`view` IS NOT NULL BEGIN
  UPDATE `transactions` SET `view` = NULL WHERE `id` = NEW.`id`;
END;
