CREATE TABLE `phishing_indicators` (
	`tenant_id` text NOT NULL,
	`item_id` text NOT NULL,
	`source` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`item_id`, `source`, `value`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `phishing_items`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `phishing_indicators_value_idx` ON `phishing_indicators` (`tenant_id`,`value`);--> statement-breakpoint
-- hand-written below
CREATE TRIGGER `phishing_indicators_version_ai` AFTER INSERT ON `phishing_indicators` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `phishing_indicators_version_au` AFTER UPDATE ON `phishing_indicators` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `phishing_indicators_version_ad` AFTER DELETE ON `phishing_indicators` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
-- Backfill from the stored analyses: addresses and their domains, link hosts and URLs, attachment hashes. The
-- Received: headers of messages analysed before this migration are gone with their raw source: not backfilled.
INSERT OR IGNORE INTO `phishing_indicators` (`tenant_id`, `item_id`, `source`, `value`)
SELECT `tenant_id`, `id`, 'sender', lower(`sender`) FROM `phishing_items` WHERE instr(`sender`, '@') > 0
UNION ALL
SELECT `tenant_id`, `id`, 'sender', lower(substr(`sender`, instr(`sender`, '@') + 1)) FROM `phishing_items` WHERE instr(`sender`, '@') > 0
UNION ALL
SELECT `tenant_id`, `id`, 'reply-to', lower(json_extract(`analysis`, '$.replyTo')) FROM `phishing_items` WHERE instr(json_extract(`analysis`, '$.replyTo'), '@') > 0
UNION ALL
SELECT `tenant_id`, `id`, 'reply-to', lower(substr(json_extract(`analysis`, '$.replyTo'), instr(json_extract(`analysis`, '$.replyTo'), '@') + 1)) FROM `phishing_items` WHERE instr(json_extract(`analysis`, '$.replyTo'), '@') > 0
UNION ALL
SELECT `tenant_id`, `id`, 'return-path', lower(json_extract(`analysis`, '$.returnPath')) FROM `phishing_items` WHERE instr(json_extract(`analysis`, '$.returnPath'), '@') > 0
UNION ALL
SELECT `tenant_id`, `id`, 'return-path', lower(substr(json_extract(`analysis`, '$.returnPath'), instr(json_extract(`analysis`, '$.returnPath'), '@') + 1)) FROM `phishing_items` WHERE instr(json_extract(`analysis`, '$.returnPath'), '@') > 0
UNION ALL
SELECT p.`tenant_id`, p.`id`, 'link', lower(json_extract(l.value, '$.host')) FROM `phishing_items` p, json_each(p.`analysis`, '$.links') l WHERE coalesce(json_extract(l.value, '$.host'), '') <> ''
UNION ALL
SELECT p.`tenant_id`, p.`id`, 'link', substr(json_extract(l.value, '$.href'), 1, 500) FROM `phishing_items` p, json_each(p.`analysis`, '$.links') l WHERE lower(substr(json_extract(l.value, '$.href'), 1, 4)) = 'http'
UNION ALL
SELECT p.`tenant_id`, p.`id`, 'attachment', lower(json_extract(a.value, '$.sha256')) FROM `phishing_items` p, json_each(p.`analysis`, '$.attachments') a WHERE coalesce(json_extract(a.value, '$.sha256'), '') <> '';
