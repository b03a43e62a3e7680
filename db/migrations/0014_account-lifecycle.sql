CREATE TABLE `account_notices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_notices_user_idx` ON `account_notices` (`user_id`,`read_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;
--> statement-breakpoint
-- ---- hand-written (issue 20): accounts that existed before e-mail verification count as verified ----
UPDATE `users` SET `email_verified_at` = `created_at` WHERE `email_verified_at` IS NULL;
