-- The assistant's conversations with customers and their messages (a reservation may come from one).
-- A function's body is checked when it runs, not here: it may name what a later file declares (pg_dump's own output does the same).
set check_function_bodies = off;

-- -------------------- Tables

CREATE TABLE public.conversations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT conversations_pkey PRIMARY KEY (id),
    CONSTRAINT conversations_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
ALTER TABLE public.conversations ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.conversations FROM anon, authenticated;
GRANT DELETE, MAINTAIN, SELECT ON TABLE public.conversations TO authenticated;

CREATE INDEX conversations_restaurant_updated_idx ON public.conversations USING btree (restaurant_id, updated_at DESC);

CREATE TABLE public.messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    conversation_id uuid NOT NULL,
    role text NOT NULL,
    content text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT messages_pkey PRIMARY KEY (id),
    CONSTRAINT messages_role_check CHECK ((role = ANY (ARRAY['user'::text, 'assistant'::text]))),
    CONSTRAINT messages_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES public.conversations(id) ON DELETE CASCADE
);
ALTER TABLE public.messages ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.messages FROM anon, authenticated;
GRANT DELETE, MAINTAIN, SELECT ON TABLE public.messages TO authenticated;
-- Checked on rows written since the rule came; the rows stored before it stay as they were.
ALTER TABLE public.messages ADD CONSTRAINT messages_content_max_100000 CHECK ((char_length(content) <= 100000)) NOT VALID;

CREATE INDEX messages_conversation_created_idx ON public.messages USING btree (conversation_id, created_at);

-- -------------------- Functions

CREATE OR REPLACE FUNCTION private.bump_conversation_updated_at()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.conversations c
     set updated_at = new.created_at
   where c.id = new.conversation_id
     and c.updated_at < new.created_at;
  return null;
end
$function$;
REVOKE ALL ON FUNCTION private.bump_conversation_updated_at() FROM PUBLIC;

-- -------------------- Views

CREATE VIEW public.conversation_summaries WITH (security_invoker=true) AS
 SELECT id,
    restaurant_id,
    created_at,
    updated_at,
    (( SELECT count(*) AS count
           FROM public.messages m
          WHERE (m.conversation_id = c.id)))::integer AS message_count,
    ( SELECT m.role
           FROM public.messages m
          WHERE (m.conversation_id = c.id)
          ORDER BY m.created_at DESC, m.id DESC
         LIMIT 1) AS last_message_role,
    ( SELECT m.content
           FROM public.messages m
          WHERE (m.conversation_id = c.id)
          ORDER BY m.created_at DESC, m.id DESC
         LIMIT 1) AS last_message_content,
    ( SELECT max(m.created_at) AS max
           FROM public.messages m
          WHERE (m.conversation_id = c.id)) AS last_message_at
   FROM public.conversations c;
REVOKE ALL ON TABLE public.conversation_summaries FROM anon, authenticated;
GRANT MAINTAIN, SELECT ON TABLE public.conversation_summaries TO authenticated;

-- -------------------- Triggers

CREATE TRIGGER messages_bump_conversation AFTER INSERT ON public.messages FOR EACH ROW EXECUTE FUNCTION private.bump_conversation_updated_at();

-- -------------------- Row Level Security policies

CREATE POLICY "Members delete their conversations" ON public.conversations AS PERMISSIVE FOR DELETE TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members read their conversations" ON public.conversations AS PERMISSIVE FOR SELECT TO authenticated
  USING ((restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)));
CREATE POLICY "Members delete their messages" ON public.messages AS PERMISSIVE FOR DELETE TO authenticated
  USING ((conversation_id IN ( SELECT c.id
   FROM public.conversations c
  WHERE (c.restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))));
CREATE POLICY "Members read their messages" ON public.messages AS PERMISSIVE FOR SELECT TO authenticated
  USING ((conversation_id IN ( SELECT c.id
   FROM public.conversations c
  WHERE (c.restaurant_id IN ( SELECT private.restaurants_with_role('manager'::text) AS restaurants_with_role)))));
