ALTER TABLE `transactions` ADD `max_installments` integer;--> statement-breakpoint
ALTER TABLE `transactions` ADD `confirming_until` text;--> statement-breakpoint
-- Card transactions created before maxInstallments could be set: the buyer may choose no more than the seller's own installments.
UPDATE `transactions` SET `max_installments` = coalesce(`installments`, 1) WHERE `payment_method` = 'CREDIT_CARD';--> statement-breakpoint
UPDATE `transactions` SET `view` = json_set(`view`, '$.maxInstallments', `max_installments`) WHERE `view` IS NOT NULL;
