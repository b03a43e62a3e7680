CREATE TABLE `anomalies` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`type` text NOT NULL,
	`severity` text NOT NULL,
	`detected_at` integer NOT NULL,
	`user` text,
	`host` text,
	`pattern` text NOT NULL,
	`explanation` text NOT NULL,
	`event_ids` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`dedupe_key` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `anomalies_dedupe_unique` ON `anomalies` (`tenant_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `anomalies_tenant_detected_idx` ON `anomalies` (`tenant_id`,`detected_at`);--> statement-breakpoint
CREATE TABLE `anomaly_state` (
	`tenant_id` text NOT NULL,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`tenant_id`, `key`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `api_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`scopes` text NOT NULL,
	`token_hash` text NOT NULL,
	`hint` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_hash_unique` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_tokens_tenant_idx` ON `api_tokens` (`tenant_id`);--> statement-breakpoint
CREATE TABLE `event_quota_usage` (
	`tenant_id` text NOT NULL,
	`day` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `day`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `event_settings` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`retention_days` integer DEFAULT 30 NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `events` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`tenant_id` text NOT NULL,
	`received_at` integer NOT NULL,
	`time` integer NOT NULL,
	`host` text,
	`source` text,
	`category` text,
	`product` text,
	`message` text,
	`fields` text NOT NULL,
	`original` text NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_id_unique` ON `events` (`id`);--> statement-breakpoint
CREATE INDEX `events_tenant_time_idx` ON `events` (`tenant_id`,`time`);--> statement-breakpoint
CREATE INDEX `events_tenant_received_idx` ON `events` (`tenant_id`,`received_at`);