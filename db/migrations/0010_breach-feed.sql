CREATE TABLE `breach_feed_state` (
	`feed` text PRIMARY KEY NOT NULL,
	`base_url` text NOT NULL,
	`last_attempt_at` integer,
	`last_sync_at` integer,
	`last_error` text,
	`breach_count` integer DEFAULT 0 NOT NULL,
	`not_before` integer
);
