ALTER TABLE `phishing_items` ADD `kind` text DEFAULT 'legitimate' NOT NULL;--> statement-breakpoint
-- ---- hand-written (issue 29): messages analysed before kinds existed were judged as phishing when rated medium or high ----
UPDATE `phishing_items` SET `kind` = 'phishing' WHERE `risk` <> 'low';
