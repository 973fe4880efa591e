-- The assistant's conversations with customers and their messages (a reservation may come from one).
-- A function's body is checked when it runs, not here: it may name what a later file declares (pg_dump's own output does the same).
set check_function_bodies = off;

-- -------------------- Tables

CREATE TABLE public.conversations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    restaurant_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    channel text DEFAULT 'import'::text NOT NULL,
    customer_contact text,
    answered_by text DEFAULT 'assistant'::text NOT NULL,
    handed_over_at timestamp with time zone,
    handover_reason text,
    token_hash text,
    assistant_state jsonb DEFAULT '{}'::jsonb NOT NULL,
    state_version integer DEFAULT 0 NOT NULL,
    CONSTRAINT conversations_pkey PRIMARY KEY (id),
    CONSTRAINT conversations_channel_check CHECK ((channel = ANY (ARRAY['web'::text, 'whatsapp'::text, 'import'::text, 'page'::text]))),
    CONSTRAINT conversations_answered_by_check CHECK ((answered_by = ANY (ARRAY['assistant'::text, 'staff'::text]))),
    CONSTRAINT conversations_customer_contact_max_320 CHECK ((char_length(customer_contact) <= 320)),
    CONSTRAINT conversations_handover_reason_max_1000 CHECK ((char_length(handover_reason) <= 1000)),
    CONSTRAINT conversations_token_hash_max_64 CHECK ((char_length(token_hash) <= 64)),
    CONSTRAINT conversations_restaurant_id_fkey FOREIGN KEY (restaurant_id) REFERENCES public.restaurants(id) ON DELETE CASCADE
);
COMMENT ON COLUMN public.conversations.channel IS 'Where the customer writes: web (the web chat), whatsapp, or import (written by the seed, the simulator or a chatbot''s submission: no channel to answer on).';
COMMENT ON COLUMN public.conversations.customer_contact IS 'The customer''s WhatsApp number (wa_id) on that channel; on the web, the e-mail or phone they gave, once known.';
COMMENT ON COLUMN public.conversations.answered_by IS 'Who answers the customer: the assistant, or the restaurant''s staff once a member took the conversation over (the assistant is then silent until handed back).';
COMMENT ON COLUMN public.conversations.handed_over_at IS '''À vous'': when the assistant passed the conversation to the restaurant (a question the profile does not answer); cleared once a member answers or hands it back.';
COMMENT ON COLUMN public.conversations.token_hash IS 'The web chat''s conversation token, SHA-256 in hex (the token itself is given once, to the customer''s browser).';
COMMENT ON COLUMN public.conversations.assistant_state IS 'What the assistant has gathered so far (its memory between two messages), written only with its replies (public.record_assistant_turn).';
COMMENT ON COLUMN public.conversations.state_version IS 'Bumped by each recorded turn: a turn computed from an older state is refused and computed again (two messages at once answer in order).';
ALTER TABLE public.conversations ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON TABLE public.conversations FROM anon, authenticated;
GRANT DELETE, MAINTAIN, SELECT ON TABLE public.conversations TO authenticated;

CREATE INDEX conversations_restaurant_updated_idx ON public.conversations USING btree (restaurant_id, updated_at DESC);
CREATE UNIQUE INDEX conversations_whatsapp_customer_key ON public.conversations USING btree (restaurant_id, customer_contact) WHERE (channel = 'whatsapp'::text);
CREATE UNIQUE INDEX conversations_token_hash_key ON public.conversations USING btree (token_hash);

CREATE TABLE public.messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    conversation_id uuid NOT NULL,
    role text NOT NULL,
    content text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    author_id uuid,
    author_name text,
    channel_message_id text,
    CONSTRAINT messages_pkey PRIMARY KEY (id),
    CONSTRAINT messages_role_check CHECK ((role = ANY (ARRAY['user'::text, 'assistant'::text, 'staff'::text]))),
    CONSTRAINT messages_conversation_channel_message_key UNIQUE (conversation_id, channel_message_id),
    CONSTRAINT messages_channel_message_id_max_200 CHECK ((char_length(channel_message_id) <= 200)),
    CONSTRAINT messages_author_name_max_320 CHECK ((char_length(author_name) <= 320)),
    CONSTRAINT messages_author_id_fkey FOREIGN KEY (author_id) REFERENCES auth.users(id) ON DELETE SET NULL,
    CONSTRAINT messages_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES public.conversations(id) ON DELETE CASCADE
);
COMMENT ON COLUMN public.messages.role IS 'user (the customer), assistant, or staff (a member of the restaurant, shown as ''Restaurant'' with author_name).';
COMMENT ON COLUMN public.messages.author_name IS 'The member who wrote a staff message, as named when it was written (their account''s name, else e-mail).';
COMMENT ON COLUMN public.messages.channel_message_id IS 'The channel''s id of the customer''s message (WhatsApp''s wamid, the web chat''s client id): the same message received twice is stored once.';
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

CREATE OR REPLACE FUNCTION private.chat_conversation(p_restaurant_id uuid, p_conversation jsonb, p_channel text, p_contact text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_id uuid;
  v_token text;
begin
  if p_conversation is not null and jsonb_typeof(p_conversation) <> 'null' then
    -- Continued: the conversation's own token, of this restaurant and this channel; anything else is unknown.
    select c.id into v_id from public.conversations c
     where c.id = private.try_uuid(p_conversation ->> 'id') and c.restaurant_id = p_restaurant_id and c.channel = p_channel
       and c.token_hash = encode(extensions.digest(coalesce(p_conversation ->> 'token', ''), 'sha256'), 'hex')
       for no key update;
    if v_id is null then
      perform private.refuse_request(404, 'unknown_conversation', 'conversation', 'Cette conversation est introuvable : commencez-en une nouvelle.');
    end if;
    return jsonb_build_object('id', v_id, 'opened', false);
  end if;
  if p_channel = 'whatsapp' then
    -- One conversation per customer number: their next message continues it.
    insert into public.conversations (restaurant_id, channel, customer_contact) values (p_restaurant_id, 'whatsapp', p_contact)
      on conflict (restaurant_id, customer_contact) where channel = 'whatsapp' do update set channel = excluded.channel
      returning id into v_id;
    perform 1 from public.conversations c where c.id = v_id for no key update;
    return jsonb_build_object('id', v_id, 'opened', false);
  end if;
  v_token := encode(extensions.gen_random_bytes(24), 'hex');
  insert into public.conversations (restaurant_id, channel, customer_contact, token_hash)
  values (p_restaurant_id, p_channel, p_contact, encode(extensions.digest(v_token, 'sha256'), 'hex'))
  returning id into v_id;
  return jsonb_build_object('id', v_id, 'token', v_token, 'opened', true);
end
$function$;
COMMENT ON FUNCTION private.chat_conversation(uuid,jsonb,text,text) IS 'The conversation a customer''s message belongs to, locked until commit: on the web the one named by {id, token} (404 otherwise) or a new one with a new token (192 random bits, only its SHA-256 kept); on WhatsApp the customer number''s own.';
REVOKE ALL ON FUNCTION private.chat_conversation(uuid,jsonb,text,text) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.receive_customer_message(p_restaurant_id uuid, p_channel text, p_conversation jsonb, p_text text, p_contact text DEFAULT NULL::text, p_channel_message_id text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_text text := private.request_text(to_jsonb(p_text), 'text', 'Le message', 4000, true);
  v_conversation jsonb;
  v_row public.conversations;
  v_message_id uuid;
  v_duplicate boolean := false;
begin
  if p_channel not in ('web', 'whatsapp') then
    perform private.refuse_request(422, 'invalid_field', 'channel', 'Le canal doit être web ou whatsapp.');
  end if;
  if not private.request_page_open(p_restaurant_id) then
    perform private.refuse_request(404, 'requests_closed', null, 'Ce restaurant ne prend pas de demandes en ligne pour le moment.');
  end if;
  v_conversation := private.chat_conversation(p_restaurant_id, p_conversation, p_channel,
                                               private.request_text(to_jsonb(p_contact), 'contact', 'Le contact', 320, p_channel = 'whatsapp'));
  select * into v_row from public.conversations c where c.id = (v_conversation ->> 'id')::uuid;
  if p_channel_message_id is not null then
    select m.id into v_message_id from public.messages m where m.conversation_id = v_row.id and m.channel_message_id = p_channel_message_id;
    v_duplicate := v_message_id is not null;
  end if;
  if v_message_id is null then
    insert into public.messages (conversation_id, role, content, channel_message_id, created_at)
    values (v_row.id, 'user', v_text, p_channel_message_id, clock_timestamp())
    returning id into v_message_id;
  end if;
  return jsonb_build_object(
    'conversation', v_conversation - 'opened',
    'opened', (v_conversation ->> 'opened')::boolean,
    'duplicate', v_duplicate,
    'message_id', v_message_id,
    'answered_by', v_row.answered_by,
    'state', v_row.assistant_state,
    'version', v_row.state_version,
    'customer_contact', v_row.customer_contact);
end
$function$;
COMMENT ON FUNCTION public.receive_customer_message(uuid,text,jsonb,text,text,text) IS 'A customer''s message to the restaurant''s assistant (web chat or WhatsApp), while its online requests are on and its profile complete: stored in its conversation (opened when new; see private.chat_conversation), once per p_channel_message_id (duplicate: true the second time). Answers who answers it (the assistant, or the staff: then the assistant is silent), the assistant''s state and its version for public.record_assistant_turn. Refusals as submit_group_request''s ({code, message, details}).';
REVOKE ALL ON FUNCTION public.receive_customer_message(uuid,text,jsonb,text,text,text) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.record_assistant_turn(p_conversation_id uuid, p_version integer, p_state jsonb, p_replies text[], p_hand_over text DEFAULT NULL::text, p_contact text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_reply text;
  v_ids uuid[] := '{}';
  v_id uuid;
begin
  update public.conversations c
     set assistant_state = coalesce(p_state, '{}'::jsonb),
         state_version = c.state_version + 1,
         customer_contact = coalesce(c.customer_contact, nullif(btrim(p_contact), '')),
         handed_over_at = case when p_hand_over is null then c.handed_over_at else coalesce(c.handed_over_at, clock_timestamp()) end,
         handover_reason = coalesce(left(p_hand_over, 1000), c.handover_reason)
   where c.id = p_conversation_id and c.state_version = p_version and c.answered_by = 'assistant';
  if not found then
    -- Another message was answered meanwhile, or a member took over: the caller reads the state again.
    perform private.refuse_request(409, 'conversation_moved', 'conversation', 'La conversation a changé entre-temps.');
  end if;
  foreach v_reply in array coalesce(p_replies, '{}') loop
    insert into public.messages (conversation_id, role, content, created_at)
    values (p_conversation_id, 'assistant', v_reply, clock_timestamp()) returning id into v_id;
    v_ids := v_ids || v_id;
    -- On WhatsApp each reply goes out through the outbox, in this transaction.
    perform private.queue_conversation_reply(v_id);
  end loop;
  return jsonb_build_object('version', p_version + 1, 'message_ids', to_jsonb(v_ids));
end
$function$;
COMMENT ON FUNCTION public.record_assistant_turn(uuid,integer,jsonb,text[],text,text) IS 'The assistant''s answer to a message: its replies (in order), its new state and, with p_hand_over, the question it passes to the restaurant (''À vous''). Only on the state it read (p_version) and while it answers the conversation: else 409 conversation_moved, nothing written, and the turn is computed again. On WhatsApp each reply is queued in the outbox for the customer''s number (private.queue_conversation_reply).';
REVOKE ALL ON FUNCTION public.record_assistant_turn(uuid,integer,jsonb,text[],text,text) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.staff_messages_since(p_restaurant_id uuid, p_conversation jsonb, p_after timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_id uuid := (private.chat_conversation(p_restaurant_id, coalesce(p_conversation, '{}'::jsonb), 'web', null) ->> 'id')::uuid;
begin
  return jsonb_build_object(
    'answered_by', (select c.answered_by from public.conversations c where c.id = v_id),
    'messages', coalesce((
      select jsonb_agg(jsonb_build_object('id', m.id, 'text', m.content, 'created_at', m.created_at) order by m.created_at, m.id)
        from public.messages m
       where m.conversation_id = v_id and m.role = 'staff' and (p_after is null or m.created_at > p_after)), '[]'::jsonb));
end
$function$;
COMMENT ON FUNCTION public.staff_messages_since(uuid,jsonb,timestamp with time zone) IS 'What the restaurant''s staff wrote in a web chat''s conversation ({id, token}, else 404) after p_after, oldest first, and who answers it now.';
REVOKE ALL ON FUNCTION public.staff_messages_since(uuid,jsonb,timestamp with time zone) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION private.member_conversation(p_conversation_id uuid)
 RETURNS public.conversations
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_row public.conversations;
begin
  select * into v_row from public.conversations c where c.id = p_conversation_id;
  if not found then
    perform private.raise_not_found('Conversation non trouvée');
  end if;
  perform private.assert_role(v_row.restaurant_id, 'manager');
  select * into v_row from public.conversations c where c.id = p_conversation_id for no key update;
  return v_row;
end
$function$;
COMMENT ON FUNCTION private.member_conversation(uuid) IS 'A conversation of a restaurant the caller is a member of (owner or manager), locked until commit; 404 when there is none, 42501 when it is another restaurant''s.';
REVOKE ALL ON FUNCTION private.member_conversation(uuid) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.set_conversation_answerer(p_conversation_id uuid, p_answered_by text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row public.conversations := private.member_conversation(p_conversation_id);
begin
  if p_answered_by not in ('assistant', 'staff') then
    raise exception 'answered_by doit être assistant ou staff' using errcode = '22023';
  end if;
  if v_row.channel = 'import' then
    raise exception 'Cette conversation n''a pas de canal pour répondre au client.' using errcode = '22023';
  end if;
  update public.conversations c
     set answered_by = p_answered_by,
         handed_over_at = case when p_answered_by = 'assistant' then null else c.handed_over_at end
   where c.id = v_row.id;
  return jsonb_build_object('id', v_row.id, 'answered_by', p_answered_by);
end
$function$;
COMMENT ON FUNCTION public.set_conversation_answerer(uuid,text) IS '''Reprendre la main'' (staff: the assistant stops answering) and ''Rendre la main à l''assistant'' (assistant: it answers the next message; ''À vous'' cleared), by a member (owner or manager) of the conversation''s restaurant; not for an imported conversation (no channel).';
REVOKE ALL ON FUNCTION public.set_conversation_answerer(uuid,text) FROM PUBLIC, anon;

CREATE OR REPLACE FUNCTION public.reply_to_conversation(p_conversation_id uuid, p_text text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_row public.conversations := private.member_conversation(p_conversation_id);
  v_text text := nullif(btrim(p_text), '');
  v_message public.messages;
begin
  if v_text is null then
    raise exception 'Écrivez une réponse avant d''envoyer.' using errcode = '22023';
  end if;
  if char_length(v_text) > 4000 then
    raise exception 'La réponse dépasse 4 000 caractères.' using errcode = '22023';
  end if;
  if v_row.channel = 'import' then
    raise exception 'Cette conversation n''a pas de canal pour répondre au client.' using errcode = '22023';
  end if;
  insert into public.messages (conversation_id, role, content, author_id, author_name, created_at)
  values (v_row.id, 'staff', v_text, auth.uid(),
          (select left(coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), nullif(btrim(u.raw_user_meta_data ->> 'name'), ''), u.email), 320)
             from auth.users u where u.id = auth.uid()),
          clock_timestamp())
  returning * into v_message;
  -- On WhatsApp the reply goes out through the outbox, in this transaction.
  perform private.queue_conversation_reply(v_message.id);
  -- Answering takes the conversation over: the assistant does not talk over the restaurant.
  update public.conversations c set answered_by = 'staff', handed_over_at = null where c.id = v_row.id;
  return jsonb_build_object('id', v_message.id, 'author_name', v_message.author_name, 'created_at', v_message.created_at, 'channel', v_row.channel);
end
$function$;
COMMENT ON FUNCTION public.reply_to_conversation(uuid,text) IS 'A member''s reply to the customer (owner or manager), stored as a staff message with their name; the conversation is then answered by the staff (the assistant silent) and no longer ''À vous''. The web chat shows it to the customer (public.staff_messages_since); on WhatsApp it is queued in the outbox for the customer''s number (private.queue_conversation_reply).';
REVOKE ALL ON FUNCTION public.reply_to_conversation(uuid,text) FROM PUBLIC, anon;

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
          WHERE (m.conversation_id = c.id)) AS last_message_at,
    channel,
    customer_contact,
    answered_by,
    handed_over_at
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
