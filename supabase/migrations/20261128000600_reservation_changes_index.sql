-- An open screen asks often for its restaurant's latest change of reservations (order by updated_at
-- desc limit 1, operations-data's reservation-changes.ts) and reads the whole list again only when it
-- moved: this index answers that with one entry, whatever the number of reservations.
create index restaurant_reservations_restaurant_updated_idx on public.restaurant_reservations (restaurant_id, updated_at desc);
