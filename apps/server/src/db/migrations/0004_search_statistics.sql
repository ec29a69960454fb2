-- A search of the booking lists is planned for its value: the trigram index for a rare word, the
-- docket-number order for a common one. The planner can only tell them apart from a fine sample of
-- the search text, so keep one (the default 100 estimates every word as rare).
ALTER TABLE "dockets" ALTER COLUMN "dck_search" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "dockets";
