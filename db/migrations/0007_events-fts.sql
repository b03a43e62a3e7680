-- Free-text search over stored events (issue 14). Hand-written because Drizzle
-- cannot express FTS5 virtual tables or triggers. External-content table over
-- `events` (rowid = seq), so the text is stored once; the triggers keep it in
-- step on insert and delete (retention). Events are never updated.
CREATE VIRTUAL TABLE `events_fts` USING fts5(`message`, `host`, `fields`, content='events', content_rowid='seq', tokenize='unicode61');
--> statement-breakpoint
CREATE TRIGGER `events_fts_ai` AFTER INSERT ON `events` BEGIN
  INSERT INTO `events_fts`(rowid, `message`, `host`, `fields`) VALUES (new.seq, new.message, new.host, new.fields);
END;
--> statement-breakpoint
CREATE TRIGGER `events_fts_ad` AFTER DELETE ON `events` BEGIN
  INSERT INTO `events_fts`(`events_fts`, rowid, `message`, `host`, `fields`) VALUES ('delete', old.seq, old.message, old.host, old.fields);
END;
--> statement-breakpoint
-- The page cache's data-version triggers (see 0002) for the events tables: a tenant's pages re-render after
-- its events, tokens, anomalies or settings change. Inserts into `events` bump the version once per batch
-- (store.server.ts) instead of once per row: a per-row trigger halved ingestion throughput.
CREATE TRIGGER `api_tokens_version_ai` AFTER INSERT ON `api_tokens` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `api_tokens_version_au` AFTER UPDATE ON `api_tokens` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `api_tokens_version_ad` AFTER DELETE ON `api_tokens` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `events_version_au` AFTER UPDATE ON `events` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `events_version_ad` AFTER DELETE ON `events` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `event_settings_version_ai` AFTER INSERT ON `event_settings` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `event_settings_version_au` AFTER UPDATE ON `event_settings` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `event_settings_version_ad` AFTER DELETE ON `event_settings` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `event_quota_usage_version_ai` AFTER INSERT ON `event_quota_usage` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `event_quota_usage_version_au` AFTER UPDATE ON `event_quota_usage` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `event_quota_usage_version_ad` AFTER DELETE ON `event_quota_usage` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `anomalies_version_ai` AFTER INSERT ON `anomalies` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `anomalies_version_au` AFTER UPDATE ON `anomalies` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `anomalies_version_ad` AFTER DELETE ON `anomalies` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `anomaly_state_version_ai` AFTER INSERT ON `anomaly_state` WHEN NEW.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (NEW.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `anomaly_state_version_au` AFTER UPDATE ON `anomaly_state` BEGIN INSERT INTO tenant_data_versions (tenant_id, version) SELECT NEW.tenant_id, 1 WHERE NEW.tenant_id IS NOT NULL ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; INSERT INTO tenant_data_versions (tenant_id, version) SELECT OLD.tenant_id, 1 WHERE OLD.tenant_id IS NOT NULL AND OLD.tenant_id IS NOT NEW.tenant_id ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER `anomaly_state_version_ad` AFTER DELETE ON `anomaly_state` WHEN OLD.tenant_id IS NOT NULL BEGIN INSERT INTO tenant_data_versions (tenant_id, version) VALUES (OLD.tenant_id, 1) ON CONFLICT(tenant_id) DO UPDATE SET version = version + 1; END;
