ALTER TABLE `watched_identities` ADD `mail_verification_hash` text;--> statement-breakpoint
ALTER TABLE `watched_identities` ADD `mail_verification_expires_at` integer;--> statement-breakpoint
ALTER TABLE `watched_identities` ADD `mail_verification_address` text;