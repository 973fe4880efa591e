-- The API roles' statement timeouts, as hosted Supabase sets them: one stuck call is cancelled
-- (57014) instead of holding a connection of PostgREST's pool, and its locks, for ever. PostgREST
-- applies a role's settings to each request made as that role. The service role (the reservation
-- service, the chatbot's requests) gets the 8 s hosted Supabase gives it through `authenticator`.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role service_role set statement_timeout = '8s';
notify pgrst, 'reload config';
