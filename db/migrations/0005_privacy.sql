CREATE TABLE `privacy_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_id` text NOT NULL,
	`request_id` text NOT NULL,
	`user_id` text,
	`action` text NOT NULL,
	`detail` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `privacy_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `privacy_events_request_idx` ON `privacy_events` (`tenant_id`,`request_id`,`id`);--> statement-breakpoint
CREATE TABLE `privacy_extensions` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`request_id` text NOT NULL,
	`reason` text NOT NULL,
	`notified_at` text NOT NULL,
	`previous_due_date` text NOT NULL,
	`new_due_date` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `privacy_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `privacy_extensions_request_idx` ON `privacy_extensions` (`tenant_id`,`request_id`);--> statement-breakpoint
CREATE TABLE `privacy_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`number` integer NOT NULL,
	`type` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`jurisdiction` text NOT NULL,
	`channel` text NOT NULL,
	`subject_name` text NOT NULL,
	`subject_email` text NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`assignee_id` text,
	`requested_at` text NOT NULL,
	`original_due_date` text NOT NULL,
	`due_date` text NOT NULL,
	`custom_days` integer,
	`custom_extension_days` integer,
	`verification_method` text,
	`verified_at` integer,
	`rejection_reason` text,
	`completed_at` integer,
	`closed_on` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assignee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `privacy_requests_number_unique` ON `privacy_requests` (`tenant_id`,`number`);--> statement-breakpoint
CREATE INDEX `privacy_requests_tenant_status_idx` ON `privacy_requests` (`tenant_id`,`status`,`due_date`);--> statement-breakpoint
CREATE TABLE `privacy_settings` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`intake_enabled` integer DEFAULT false NOT NULL,
	`intake_jurisdiction` text DEFAULT 'gdpr' NOT NULL,
	`custom_days` integer DEFAULT 30 NOT NULL,
	`custom_extension_days` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `privacy_systems` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`owner` text NOT NULL,
	`data_categories` text NOT NULL,
	`location` text NOT NULL,
	`retention` text NOT NULL,
	`request_types` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `privacy_systems_tenant_idx` ON `privacy_systems` (`tenant_id`);--> statement-breakpoint
CREATE TABLE `privacy_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`request_id` text NOT NULL,
	`system_id` text,
	`system_name` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`done_by` text,
	`done_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `privacy_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`system_id`) REFERENCES `privacy_systems`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`done_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `privacy_tasks_request_idx` ON `privacy_tasks` (`tenant_id`,`request_id`);--> statement-breakpoint
ALTER TABLE `tenants` ADD `slug` text;--> statement-breakpoint
ALTER TABLE `tenants` ADD `time_zone` text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `tenants_slug_unique` ON `tenants` (`slug`);
--> statement-breakpoint
-- Written by hand after drizzle-kit generate: the page cache's data-version triggers (see 0002) for each new
-- tenant-owned table, and the append-only rule of the privacy request history (only a deleted user's id may
-- become NULL, by its foreign key).
CREATE TRIGGER `privacy_settings_version_ai` AFTER INSERT ON `privacy_settings` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_settings_version_au` AFTER UPDATE ON `privacy_settings` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_settings_version_ad` AFTER DELETE ON `privacy_settings` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_systems_version_ai` AFTER INSERT ON `privacy_systems` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_systems_version_au` AFTER UPDATE ON `privacy_systems` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_systems_version_ad` AFTER DELETE ON `privacy_systems` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_requests_version_ai` AFTER INSERT ON `privacy_requests` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_requests_version_au` AFTER UPDATE ON `privacy_requests` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_requests_version_ad` AFTER DELETE ON `privacy_requests` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_extensions_version_ai` AFTER INSERT ON `privacy_extensions` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_extensions_version_au` AFTER UPDATE ON `privacy_extensions` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_extensions_version_ad` AFTER DELETE ON `privacy_extensions` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_tasks_version_ai` AFTER INSERT ON `privacy_tasks` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_tasks_version_au` AFTER UPDATE ON `privacy_tasks` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_tasks_version_ad` AFTER DELETE ON `privacy_tasks` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_events_version_ai` AFTER INSERT ON `privacy_events` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_events_version_au` AFTER UPDATE ON `privacy_events` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_events_version_ad` AFTER DELETE ON `privacy_events` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `privacy_events_append_only` BEFORE UPDATE OF `id`, `tenant_id`, `request_id`, `action`, `detail`, `created_at` ON `privacy_events` BEGIN SELECT RAISE(ABORT, 'privacy_events is append-only'); END;
