CREATE TABLE `playbook_indicators` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	`playbook_id` text,
	`run_id` text,
	`note` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`playbook_id`) REFERENCES `playbooks`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `playbook_indicators_unique` ON `playbook_indicators` (`tenant_id`,`kind`,`value`);--> statement-breakpoint
CREATE TABLE `playbook_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`playbook_id` text,
	`playbook_name` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`status` text NOT NULL,
	`trigger` text NOT NULL,
	`steps` text NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`playbook_id`) REFERENCES `playbooks`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `playbook_runs_dedupe_unique` ON `playbook_runs` (`tenant_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `playbook_runs_tenant_idx` ON `playbook_runs` (`tenant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `playbook_runs_playbook_idx` ON `playbook_runs` (`playbook_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `playbooks` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`trigger_type` text NOT NULL,
	`trigger_value` text NOT NULL,
	`steps` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `playbooks_tenant_idx` ON `playbooks` (`tenant_id`,`created_at`);
--> statement-breakpoint
-- ---- hand-written: page-cache triggers (template of 0004_vulnerability-web.sql) ----
CREATE TRIGGER `playbooks_version_ai` AFTER INSERT ON `playbooks` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `playbooks_version_au` AFTER UPDATE ON `playbooks` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `playbooks_version_ad` AFTER DELETE ON `playbooks` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `playbook_runs_version_ai` AFTER INSERT ON `playbook_runs` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `playbook_runs_version_au` AFTER UPDATE ON `playbook_runs` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `playbook_runs_version_ad` AFTER DELETE ON `playbook_runs` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `playbook_indicators_version_ai` AFTER INSERT ON `playbook_indicators` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `playbook_indicators_version_au` AFTER UPDATE ON `playbook_indicators` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `playbook_indicators_version_ad` AFTER DELETE ON `playbook_indicators` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
