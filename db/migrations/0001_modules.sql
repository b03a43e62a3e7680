CREATE TABLE `alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`source` text NOT NULL,
	`severity` text NOT NULL,
	`title` text NOT NULL,
	`detail` text,
	`status` text DEFAULT 'active' NOT NULL,
	`dedupe_key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alerts_tenant_status_idx` ON `alerts` (`tenant_id`,`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `alerts_dedupe_unique` ON `alerts` (`tenant_id`,`dedupe_key`);--> statement-breakpoint
CREATE TABLE `breach_accounts` (
	`breach_id` text NOT NULL,
	`email_hash` text NOT NULL,
	`domain` text NOT NULL,
	PRIMARY KEY(`breach_id`, `email_hash`),
	FOREIGN KEY (`breach_id`) REFERENCES `breaches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `breach_accounts_hash_idx` ON `breach_accounts` (`email_hash`);--> statement-breakpoint
CREATE INDEX `breach_accounts_domain_idx` ON `breach_accounts` (`domain`);--> statement-breakpoint
CREATE TABLE `breaches` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`title` text NOT NULL,
	`domain` text DEFAULT '' NOT NULL,
	`breach_date` text NOT NULL,
	`added_date` text NOT NULL,
	`pwn_count` integer DEFAULT 0 NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`data_classes` text NOT NULL,
	`is_verified` integer DEFAULT true NOT NULL,
	`is_fabricated` integer DEFAULT false NOT NULL,
	`is_sensitive` integer DEFAULT false NOT NULL,
	`is_retired` integer DEFAULT false NOT NULL,
	`is_spam_list` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `breaches_name_unique` ON `breaches` (`name`);--> statement-breakpoint
CREATE TABLE `exposures` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`identity_id` text NOT NULL,
	`breach_id` text NOT NULL,
	`account_count` integer DEFAULT 1 NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`identity_id`) REFERENCES `watched_identities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`breach_id`) REFERENCES `breaches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exposures_identity_breach_unique` ON `exposures` (`identity_id`,`breach_id`);--> statement-breakpoint
CREATE INDEX `exposures_tenant_idx` ON `exposures` (`tenant_id`);--> statement-breakpoint
CREATE TABLE `phishing_items` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`subject` text NOT NULL,
	`sender` text NOT NULL,
	`sender_name` text,
	`risk` text NOT NULL,
	`score` integer NOT NULL,
	`status` text DEFAULT 'detected' NOT NULL,
	`rationale` text NOT NULL,
	`analysis` text NOT NULL,
	`body_text` text,
	`message_id` text,
	`sent_at` integer,
	`size_bytes` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `phishing_tenant_created_idx` ON `phishing_items` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `pwned_hashes` (
	`prefix` text NOT NULL,
	`suffix` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`prefix`, `suffix`)
);
--> statement-breakpoint
CREATE TABLE `watched_identities` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`type` text NOT NULL,
	`value` text NOT NULL,
	`domain` text NOT NULL,
	`email_hash` text,
	`verified` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watched_tenant_value_unique` ON `watched_identities` (`tenant_id`,`type`,`value`);--> statement-breakpoint
CREATE INDEX `watched_domain_idx` ON `watched_identities` (`domain`);