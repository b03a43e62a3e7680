CREATE TABLE `cloud_findings` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`snapshot_id` text NOT NULL,
	`check_id` text NOT NULL,
	`cis` text,
	`title` text NOT NULL,
	`severity` text NOT NULL,
	`resource` text NOT NULL,
	`status` text NOT NULL,
	`alerting` integer DEFAULT false NOT NULL,
	`source` text NOT NULL,
	`detail` text,
	`remediation` text,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`snapshot_id`) REFERENCES `cloud_snapshots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cloud_findings_snapshot_idx` ON `cloud_findings` (`snapshot_id`);--> statement-breakpoint
CREATE INDEX `cloud_findings_tenant_idx` ON `cloud_findings` (`tenant_id`);--> statement-breakpoint
CREATE TABLE `cloud_mutes` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`check_id` text NOT NULL,
	`resource` text NOT NULL,
	`reason` text NOT NULL,
	`expires_at` integer,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `cloud_mutes_tenant_idx` ON `cloud_mutes` (`tenant_id`);--> statement-breakpoint
CREATE TABLE `cloud_snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`provider` text NOT NULL,
	`account` text NOT NULL,
	`uploaded_by` text,
	`filename` text NOT NULL,
	`recognised` text NOT NULL,
	`skipped` text NOT NULL,
	`not_checked` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `cloud_snapshots_tenant_idx` ON `cloud_snapshots` (`tenant_id`,`provider`,`account`,`created_at`);--> statement-breakpoint
-- hand-written below
CREATE TRIGGER `cloud_snapshots_version_ai` AFTER INSERT ON `cloud_snapshots` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `cloud_snapshots_version_au` AFTER UPDATE ON `cloud_snapshots` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `cloud_snapshots_version_ad` AFTER DELETE ON `cloud_snapshots` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `cloud_findings_version_ai` AFTER INSERT ON `cloud_findings` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `cloud_findings_version_au` AFTER UPDATE ON `cloud_findings` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `cloud_findings_version_ad` AFTER DELETE ON `cloud_findings` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `cloud_mutes_version_ai` AFTER INSERT ON `cloud_mutes` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `cloud_mutes_version_au` AFTER UPDATE ON `cloud_mutes` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `cloud_mutes_version_ad` AFTER DELETE ON `cloud_mutes` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
