-- Hand-written (Drizzle cannot express FTS5 virtual tables or triggers): the events' full-text index becomes
-- contentless (issue 14's throughput target; docs/decisions/023-events-fts-contentless.md).
-- Before: an external-content table over `events` filled by a per-row trigger with the whole fields JSON
-- (keys, punctuation and all). After: `content=''` (the text is kept once, in `events`) with
-- `contentless_delete=1` (rows can be deleted by rowid, which retention needs), filled by the store
-- (app/modules/events/store.server.ts) in multi-row INSERTs with the message, the host and the field
-- values only. Deleting an event still removes its index row, by a trigger, so retention and a tenant's
-- deletion (ON DELETE CASCADE) leave no orphan matches.
DROP TRIGGER IF EXISTS `events_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `events_fts_ad`;
--> statement-breakpoint
DROP TABLE IF EXISTS `events_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `events_fts` USING fts5(`message`, `host`, `fields`, content='', contentless_delete=1, tokenize='unicode61');
--> statement-breakpoint
-- Rebuild from the stored events: the field values as store.server.ts's fieldsText() writes them
-- (booleans as true/false, null and empty values left out, space-separated).
INSERT INTO `events_fts` (rowid, `message`, `host`, `fields`)
SELECT e.seq, e.message, e.host,
  (SELECT group_concat(CASE j.type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE j.value END, ' ')
     FROM json_each(e.fields) j WHERE j.type <> 'null' AND j.value <> '')
FROM `events` e;
--> statement-breakpoint
CREATE TRIGGER `events_fts_ad` AFTER DELETE ON `events` BEGIN
  DELETE FROM `events_fts` WHERE rowid = old.seq;
END;
