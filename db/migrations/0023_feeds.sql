CREATE TABLE `pwned_range_cache` (
	`prefix` text PRIMARY KEY NOT NULL,
	`body` text NOT NULL,
	`fetched_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `epss_scores` (
	`cve_id` text PRIMARY KEY NOT NULL,
	`epss` real NOT NULL,
	`percentile` real NOT NULL
);
--> statement-breakpoint
CREATE TABLE `feed_state` (
	`feed` text PRIMARY KEY NOT NULL,
	`last_attempt_at` integer,
	`last_success_at` integer,
	`records` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`validator` text,
	`cursor` text
);
--> statement-breakpoint
CREATE TABLE `kev_entries` (
	`cve_id` text PRIMARY KEY NOT NULL,
	`date_added` text NOT NULL,
	`vendor` text DEFAULT '' NOT NULL,
	`product` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`ransomware` integer DEFAULT false NOT NULL
);
