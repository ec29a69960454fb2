-- The booking lists' search is planned for each value, and planning read the search text's
-- statistics whole each time: at 1,000 values (0004) about 200 kB of pg_statistic, 400 to 750
-- buffers and 0.5 ms a search, more than running it. The default target (100) plans it in 0.14 ms
-- and still tells a common word from a rare one (bench: 'worcester', 11 % of the dockets, takes the
-- docket-number order; a reference in 15 of 100,000 the trigram index; the same at 1,000,000).
ALTER TABLE "dockets" ALTER COLUMN "dck_search" SET STATISTICS -1;--> statement-breakpoint
ANALYZE "dockets";
