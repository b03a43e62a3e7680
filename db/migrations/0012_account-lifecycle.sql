CREATE TABLE `account_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_tokens_user_idx` ON `account_tokens` (`user_id`,`purpose`,`created_at`);--> statement-breakpoint
CREATE TABLE `breach_feed_state` (
	`feed` text PRIMARY KEY NOT NULL,
	`base_url` text NOT NULL,
	`last_attempt_at` integer,
	`last_sync_at` integer,
	`last_error` text,
	`breach_count` integer DEFAULT 0 NOT NULL,
	`not_before` integer
);
