ALTER TABLE `dep_findings` ADD `advisory_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- A finding stored before grouping is a group of one: its own advisory id.
UPDATE `dep_findings` SET `advisory_ids` = json_array(`advisory_id`);
