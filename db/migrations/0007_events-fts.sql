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
