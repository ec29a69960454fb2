-- The history search's trigram index takes new bookings into a pending list, which every search
-- reads through until vacuum or a full list merges it; PostgreSQL's default list is 4 MB. Seen on
-- 1,000,000 dockets: 430 pending pages made a rare-term search cost 4.6 ms of PostgreSQL (52 ms
-- p99 at 10 connections) against 2.9 ms (35 ms) once merged. 512 kB bounds that read to an eighth;
-- bookings merge it eight times as often, a smaller batch each time.
ALTER INDEX "dockets_search_trgm_idx" SET (gin_pending_list_limit = 512);
