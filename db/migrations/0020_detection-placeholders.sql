CREATE TABLE `detection_placeholders` (
	`tenant_id` text NOT NULL,
	`name` text NOT NULL,
	`values` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`tenant_id`, `name`),
	FOREIGN KEY (`tenant_id`) REFERENCES `tenants`(`id`) ON UPDATE no action ON DELETE cascade
);
