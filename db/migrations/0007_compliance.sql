CREATE TABLE `compliance_adoptions` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`framework` text NOT NULL,
	`baseline` text,
	`adopted_by` text,
	`adopted_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`adopted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `compliance_adoptions_unique` ON `compliance_adoptions` (`tenant_id`,`framework`);--> statement-breakpoint
CREATE TABLE `compliance_baseline_items` (
	`framework` text NOT NULL,
	`baseline` text NOT NULL,
	`item_id` text NOT NULL,
	PRIMARY KEY(`framework`, `baseline`, `item_id`)
);
--> statement-breakpoint
CREATE TABLE `compliance_catalog_items` (
	`framework` text NOT NULL,
	`item_id` text NOT NULL,
	`parent_id` text,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`statement` text,
	`sort_index` integer NOT NULL,
	`assessable` integer NOT NULL,
	`withdrawn` integer DEFAULT false NOT NULL,
	`requirement` text,
	`links` text,
	PRIMARY KEY(`framework`, `item_id`)
);
--> statement-breakpoint
CREATE INDEX `compliance_items_sort_idx` ON `compliance_catalog_items` (`framework`,`sort_index`);--> statement-breakpoint
CREATE TABLE `compliance_catalog_versions` (
	`framework` text PRIMARY KEY NOT NULL,
	`version` text NOT NULL,
	`loaded_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `compliance_evidence` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`framework` text NOT NULL,
	`item_id` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`url` text,
	`file_name` text,
	`size_bytes` integer DEFAULT 0 NOT NULL,
	`sha256` text,
	`storage_key` text,
	`effective_on` text NOT NULL,
	`expires_on` text,
	`expired_at` integer,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `compliance_evidence_item_idx` ON `compliance_evidence` (`tenant_id`,`framework`,`item_id`);--> statement-breakpoint
CREATE INDEX `compliance_evidence_expiry_idx` ON `compliance_evidence` (`tenant_id`,`expired_at`,`expires_on`);--> statement-breakpoint
CREATE TABLE `compliance_requirement_states` (
	`tenant_id` text NOT NULL,
	`framework` text NOT NULL,
	`item_id` text NOT NULL,
	`status` text DEFAULT 'not-started' NOT NULL,
	`justification` text,
	`owner_user_id` text,
	`updated_by` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`tenant_id`, `framework`, `item_id`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `compliance_score_snapshots` (
	`tenant_id` text NOT NULL,
	`framework` text NOT NULL,
	`day` text NOT NULL,
	`score` integer NOT NULL,
	`compliant` integer NOT NULL,
	`applicable` integer NOT NULL,
	PRIMARY KEY(`tenant_id`, `framework`, `day`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);

--> statement-breakpoint
-- Page cache invalidation (docs/decisions/012): the three triggers each tenant-owned table needs, written by hand.
CREATE TRIGGER `compliance_adoptions_version_ai` AFTER INSERT ON `compliance_adoptions` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `compliance_adoptions_version_au` AFTER UPDATE ON `compliance_adoptions` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `compliance_adoptions_version_ad` AFTER DELETE ON `compliance_adoptions` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `compliance_requirement_states_version_ai` AFTER INSERT ON `compliance_requirement_states` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `compliance_requirement_states_version_au` AFTER UPDATE ON `compliance_requirement_states` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `compliance_requirement_states_version_ad` AFTER DELETE ON `compliance_requirement_states` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `compliance_evidence_version_ai` AFTER INSERT ON `compliance_evidence` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `compliance_evidence_version_au` AFTER UPDATE ON `compliance_evidence` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `compliance_evidence_version_ad` AFTER DELETE ON `compliance_evidence` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `compliance_score_snapshots_version_ai` AFTER INSERT ON `compliance_score_snapshots` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `compliance_score_snapshots_version_au` AFTER UPDATE ON `compliance_score_snapshots` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `compliance_score_snapshots_version_ad` AFTER DELETE ON `compliance_score_snapshots` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
