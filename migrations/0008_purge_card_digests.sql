-- Idempotency keys of card payments written before card fields were kept out of fingerprints:
-- their per-field digests (card.number, card.cvv) and whole-request digest could be brute-forced
-- with the vault key (PCI DSS 3.3.1). They are deleted, not rewritten: a digest cannot be
-- recomputed without the card. Keys live 24 h, so only retries of card payments made in the last
-- day are affected, and safely: a 3DS sale's authentication is single-use (a retry is refused as
-- already used), and a pendingAction retry makes a new PENDING transaction that expires unpaid.
DELETE FROM `idempotency_keys`
WHERE json_extract(`fingerprint`, '$."card.number"') IS NOT NULL
   OR json_extract(`fingerprint`, '$."card.cvv"') IS NOT NULL
   OR (`fingerprint` IS NULL AND `operation` = 'transactions.create'
       AND json_extract(`response_body`, '$.paymentMethod') IN ('CREDIT_CARD', 'DEBIT_CARD'));
