CREATE TABLE `pwned_ntlm_hashes` (
	`prefix` text NOT NULL,
	`suffix` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`prefix`, `suffix`)
);
