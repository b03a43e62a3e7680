CREATE TABLE `detection_alert_windows` (
	`tenant_id` text NOT NULL,
	`rule_id` text NOT NULL,
	`host` text NOT NULL,
	`window_start` integer NOT NULL,
	`alert_id` text,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_id`, `rule_id`, `host`, `window_start`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rule_id`) REFERENCES `detection_rules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `detection_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`title` text NOT NULL,
	`level` text,
	`status` text,
	`sigma_id` text,
	`logsource` text NOT NULL,
	`tags` text NOT NULL,
	`author` text,
	`license` text,
	`references` text NOT NULL,
	`yaml` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_match_at` integer,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `detection_rules_tenant_idx` ON `detection_rules` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `detections` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`rule_id` text NOT NULL,
	`rule_title` text NOT NULL,
	`level` text,
	`event_id` text NOT NULL,
	`event_time` integer NOT NULL,
	`host` text,
	`tags` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`rule_id`) REFERENCES `detection_rules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `detections_rule_event_unique` ON `detections` (`rule_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `detections_tenant_created_idx` ON `detections` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `detections_tenant_rule_idx` ON `detections` (`tenant_id`,`rule_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `hunts` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`query` text NOT NULL,
	`results_count` integer NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `hunts_tenant_idx` ON `hunts` (`tenant_id`,`created_at`);