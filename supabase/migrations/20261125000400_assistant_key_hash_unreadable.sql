-- The assistant keys' hashes are readable by the service role only. The table was created with
-- column grants for owners, but Supabase's default privileges had already granted the API roles every
-- privilege on the whole table (key_hash included), which a column grant does not take back: the
-- table's privileges are revoked here and the owner's columns granted again. Owners write keys
-- through create_assistant_key and revoke_assistant_key only.

revoke all on public.restaurant_assistant_keys from anon, authenticated;
grant select (id, restaurant_id, prefix, created_at, last_used_at, revoked_at) on public.restaurant_assistant_keys to authenticated;
