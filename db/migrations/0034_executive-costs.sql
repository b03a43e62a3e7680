CREATE TABLE `executive_cost_inputs` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`hourly_rate` real,
	`tool_costs` text DEFAULT '{}' NOT NULL,
	`updated_by` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
-- hand-written below
CREATE TRIGGER `executive_cost_inputs_version_ai` AFTER INSERT ON `executive_cost_inputs` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `executive_cost_inputs_version_au` AFTER UPDATE ON `executive_cost_inputs` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `executive_cost_inputs_version_ad` AFTER DELETE ON `executive_cost_inputs` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
