ALTER TABLE `watched_identities` ADD `verification_token` text;--> statement-breakpoint
ALTER TABLE `watched_identities` ADD `verification_checked_at` integer;--> statement-breakpoint
ALTER TABLE `watched_identities` ADD `verification_error` text;--> statement-breakpoint
-- Domains watched before self-service verification get their token now (issue 32).
UPDATE `watched_identities` SET `verification_token` = lower(hex(randomblob(16))) WHERE `type` = 'domain' AND `verification_token` IS NULL;
