-- The list's search reads the trigram index of search_text (GIN). With GIN's fast update (the default),
-- new reservations wait in the index's pending list until a vacuum, and every search reads that whole
-- list: the planner counts it, and after a few hundred new requests it prefers reading every
-- reservation of the table (seen in the tests: the same search planned on the index alone and as a
-- sequential scan after other files had submitted requests). Without it, each insert updates the index
-- itself (a little slower per request), and a search costs the same whatever was written before it.
alter index public.restaurant_reservations_search_text_trgm_idx set (fastupdate = off);
-- What waits in the pending list already goes into the index now.
select pg_catalog.gin_clean_pending_list('public.restaurant_reservations_search_text_trgm_idx'::regclass);
