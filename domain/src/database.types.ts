export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12.0.2"
  }
  public: {
    Tables: {
      conversations: {
        Row: {
          answered_by: string
          assistant_state: NonNullable<Json>
          channel: string
          created_at: string
          customer_contact: string | null
          customer_id: string | null
          handed_over_at: string | null
          handover_reason: string | null
          id: string
          restaurant_id: string
          state_version: number
          token_hash: string | null
          updated_at: string
        }
        Insert: {
          answered_by?: string
          assistant_state?: NonNullable<Json>
          channel?: string
          created_at?: string
          customer_contact?: string | null
          customer_id?: string | null
          handed_over_at?: string | null
          handover_reason?: string | null
          id?: string
          restaurant_id: string
          state_version?: number
          token_hash?: string | null
          updated_at?: string
        }
        Update: {
          answered_by?: string
          assistant_state?: NonNullable<Json>
          channel?: string
          created_at?: string
          customer_contact?: string | null
          customer_id?: string | null
          handed_over_at?: string | null
          handover_reason?: string | null
          id?: string
          restaurant_id?: string
          state_version?: number
          token_hash?: string | null
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "conversations_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "restaurant_customers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversations_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "conversations_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      menu_item_alternatives: {
        Row: {
          created_at: string
          display_order: number
          id: string
          is_gluten_free: boolean
          is_vegan: boolean
          menu_id: string
          name: string
          other_dietary_notes: string | null
          type: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          display_order?: number
          id?: string
          is_gluten_free?: boolean
          is_vegan?: boolean
          menu_id: string
          name: string
          other_dietary_notes?: string | null
          type: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          display_order?: number
          id?: string
          is_gluten_free?: boolean
          is_vegan?: boolean
          menu_id?: string
          name?: string
          other_dietary_notes?: string | null
          type?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "menu_item_alternatives_menu_id_fkey"
            columns: ["menu_id"]
            isOneToOne: false
            referencedRelation: "restaurant_menus"
            referencedColumns: ["id"]
          },
        ]
      }
      menu_items: {
        Row: {
          created_at: string
          display_order: number
          id: string
          menu_id: string
          name: string
          type: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          display_order?: number
          id?: string
          menu_id: string
          name: string
          type: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          display_order?: number
          id?: string
          menu_id?: string
          name?: string
          type?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "menu_items_menu_id_fkey"
            columns: ["menu_id"]
            isOneToOne: false
            referencedRelation: "restaurant_menus"
            referencedColumns: ["id"]
          },
        ]
      }
      messages: {
        Row: {
          author_id: string | null
          author_name: string | null
          channel_message_id: string | null
          content: string
          conversation_id: string
          created_at: string
          id: string
          role: string
        }
        Insert: {
          author_id?: string | null
          author_name?: string | null
          channel_message_id?: string | null
          content: string
          conversation_id: string
          created_at?: string
          id?: string
          role: string
        }
        Update: {
          author_id?: string | null
          author_name?: string | null
          channel_message_id?: string | null
          content?: string
          conversation_id?: string
          created_at?: string
          id?: string
          role?: string
        }
        Relationships: [
          {
            foreignKeyName: "messages_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversation_summaries"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "messages_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversations"
            referencedColumns: ["id"]
          },
        ]
      }
      notification_outbox: {
        Row: {
          attempts: number
          channel: string
          claimed_until: string | null
          conversation_id: string | null
          created_at: string
          event_id: string | null
          id: string
          invitation_id: string | null
          kind: string
          last_error: string | null
          message_id: string | null
          next_attempt_at: string
          payload: NonNullable<Json>
          recipient: string
          reservation_id: string | null
          restaurant_id: string
          sent_at: string | null
          status: string
        }
        Insert: {
          attempts?: number
          channel: string
          claimed_until?: string | null
          conversation_id?: string | null
          created_at?: string
          event_id?: string | null
          id?: string
          invitation_id?: string | null
          kind: string
          last_error?: string | null
          message_id?: string | null
          next_attempt_at?: string
          payload?: NonNullable<Json>
          recipient: string
          reservation_id?: string | null
          restaurant_id: string
          sent_at?: string | null
          status?: string
        }
        Update: {
          attempts?: number
          channel?: string
          claimed_until?: string | null
          conversation_id?: string | null
          created_at?: string
          event_id?: string | null
          id?: string
          invitation_id?: string | null
          kind?: string
          last_error?: string | null
          message_id?: string | null
          next_attempt_at?: string
          payload?: NonNullable<Json>
          recipient?: string
          reservation_id?: string | null
          restaurant_id?: string
          sent_at?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "notification_outbox_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversation_summaries"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notification_outbox_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notification_outbox_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "reservation_events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notification_outbox_invitation_id_fkey"
            columns: ["invitation_id"]
            isOneToOne: false
            referencedRelation: "restaurant_invitations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notification_outbox_message_id_fkey"
            columns: ["message_id"]
            isOneToOne: false
            referencedRelation: "messages"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notification_outbox_reservation_id_fkey"
            columns: ["reservation_id"]
            isOneToOne: false
            referencedRelation: "restaurant_reservations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notification_outbox_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "notification_outbox_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      reservation_card_imprints: {
        Row: {
          account_id: string
          card_brand: string | null
          card_last4: string | null
          customer_id: string
          payment_method_id: string
          reservation_id: string
          restaurant_id: string
          saved_at: string
          setup_intent: string
        }
        Insert: {
          account_id: string
          card_brand?: string | null
          card_last4?: string | null
          customer_id: string
          payment_method_id: string
          reservation_id: string
          restaurant_id: string
          saved_at?: string
          setup_intent: string
        }
        Update: {
          account_id?: string
          card_brand?: string | null
          card_last4?: string | null
          customer_id?: string
          payment_method_id?: string
          reservation_id?: string
          restaurant_id?: string
          saved_at?: string
          setup_intent?: string
        }
        Relationships: [
          {
            foreignKeyName: "reservation_card_imprints_reservation_id_fkey"
            columns: ["reservation_id"]
            isOneToOne: true
            referencedRelation: "restaurant_reservations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reservation_card_imprints_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "reservation_card_imprints_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      reservation_checkouts: {
        Row: {
          account_id: string
          amount_cents: number
          created_at: string
          expires_at: string
          id: string
          purpose: string
          reservation_id: string
          restaurant_id: string
          session_id: string
          status: string
          url: string
        }
        Insert: {
          account_id: string
          amount_cents: number
          created_at?: string
          expires_at: string
          id?: string
          purpose: string
          reservation_id: string
          restaurant_id: string
          session_id: string
          status?: string
          url: string
        }
        Update: {
          account_id?: string
          amount_cents?: number
          created_at?: string
          expires_at?: string
          id?: string
          purpose?: string
          reservation_id?: string
          restaurant_id?: string
          session_id?: string
          status?: string
          url?: string
        }
        Relationships: [
          {
            foreignKeyName: "reservation_checkouts_reservation_id_fkey"
            columns: ["reservation_id"]
            isOneToOne: false
            referencedRelation: "restaurant_reservations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reservation_checkouts_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "reservation_checkouts_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      reservation_events: {
        Row: {
          actor: string
          actor_user_id: string | null
          amount_cents: number | null
          created_at: string
          deposit: string | null
          from_status: number
          id: string
          kind: string
          payment_id: string | null
          proposal: string | null
          reason: string | null
          reason_detail: string | null
          reservation_id: string
          restaurant_id: string
          summary: string | null
          to_status: number
        }
        Insert: {
          actor: string
          actor_user_id?: string | null
          amount_cents?: number | null
          created_at?: string
          deposit?: string | null
          from_status: number
          id?: string
          kind?: string
          payment_id?: string | null
          proposal?: string | null
          reason?: string | null
          reason_detail?: string | null
          reservation_id: string
          restaurant_id: string
          summary?: string | null
          to_status: number
        }
        Update: {
          actor?: string
          actor_user_id?: string | null
          amount_cents?: number | null
          created_at?: string
          deposit?: string | null
          from_status?: number
          id?: string
          kind?: string
          payment_id?: string | null
          proposal?: string | null
          reason?: string | null
          reason_detail?: string | null
          reservation_id?: string
          restaurant_id?: string
          summary?: string | null
          to_status?: number
        }
        Relationships: [
          {
            foreignKeyName: "reservation_events_reservation_id_fkey"
            columns: ["reservation_id"]
            isOneToOne: false
            referencedRelation: "restaurant_reservations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reservation_events_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "reservation_events_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      reservation_guests: {
        Row: {
          allergies: string | null
          choices: NonNullable<Json>
          guest_number: number
          name: string | null
          reservation_id: string
          restaurant_id: string
          updated_at: string
        }
        Insert: {
          allergies?: string | null
          choices?: NonNullable<Json>
          guest_number: number
          name?: string | null
          reservation_id: string
          restaurant_id: string
          updated_at?: string
        }
        Update: {
          allergies?: string | null
          choices?: NonNullable<Json>
          guest_number?: number
          name?: string | null
          reservation_id?: string
          restaurant_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "reservation_guests_reservation_id_fkey"
            columns: ["reservation_id"]
            isOneToOne: false
            referencedRelation: "restaurant_reservations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reservation_guests_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "reservation_guests_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      reservation_payments: {
        Row: {
          account_id: string
          amount_cents: number
          attempts: number
          claimed_until: string | null
          created_at: string
          event_id: string | null
          id: string
          kind: string
          last_error: string | null
          payment_intent: string | null
          reservation_id: string
          restaurant_id: string
          status: string
          stripe_id: string | null
        }
        Insert: {
          account_id: string
          amount_cents: number
          attempts?: number
          claimed_until?: string | null
          created_at?: string
          event_id?: string | null
          id?: string
          kind: string
          last_error?: string | null
          payment_intent?: string | null
          reservation_id: string
          restaurant_id: string
          status: string
          stripe_id?: string | null
        }
        Update: {
          account_id?: string
          amount_cents?: number
          attempts?: number
          claimed_until?: string | null
          created_at?: string
          event_id?: string | null
          id?: string
          kind?: string
          last_error?: string | null
          payment_intent?: string | null
          reservation_id?: string
          restaurant_id?: string
          status?: string
          stripe_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "reservation_payments_event_id_fkey"
            columns: ["event_id"]
            isOneToOne: false
            referencedRelation: "reservation_events"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reservation_payments_reservation_id_fkey"
            columns: ["reservation_id"]
            isOneToOne: false
            referencedRelation: "restaurant_reservations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "reservation_payments_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "reservation_payments_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_amenities: {
        Row: {
          accessible_to_disabled: boolean
          air_conditioning: boolean
          created_at: string
          ground_floor: boolean
          id: string
          parking: boolean
          restaurant_id: string
          updated_at: string
          valet_parking: boolean
          wifi: boolean
        }
        Insert: {
          accessible_to_disabled?: boolean
          air_conditioning?: boolean
          created_at?: string
          ground_floor?: boolean
          id?: string
          parking?: boolean
          restaurant_id: string
          updated_at?: string
          valet_parking?: boolean
          wifi?: boolean
        }
        Update: {
          accessible_to_disabled?: boolean
          air_conditioning?: boolean
          created_at?: string
          ground_floor?: boolean
          id?: string
          parking?: boolean
          restaurant_id?: string
          updated_at?: string
          valet_parking?: boolean
          wifi?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_amenities_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_amenities_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_arrival_times: {
        Row: {
          arrival_time: string
          created_at: string
          day: string
          id: string
          restaurant_id: string
          service: string
          updated_at: string
        }
        Insert: {
          arrival_time: string
          created_at?: string
          day: string
          id?: string
          restaurant_id: string
          service: string
          updated_at?: string
        }
        Update: {
          arrival_time?: string
          created_at?: string
          day?: string
          id?: string
          restaurant_id?: string
          service?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_arrival_times_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_arrival_times_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_assistant_keys: {
        Row: {
          created_at: string
          created_by: string | null
          id: string
          key_hash: string
          last_used_at: string | null
          prefix: string
          restaurant_id: string
          revoked_at: string | null
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          id?: string
          key_hash: string
          last_used_at?: string | null
          prefix: string
          restaurant_id: string
          revoked_at?: string | null
        }
        Update: {
          created_at?: string
          created_by?: string | null
          id?: string
          key_hash?: string
          last_used_at?: string | null
          prefix?: string
          restaurant_id?: string
          revoked_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_assistant_keys_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_assistant_keys_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_billing: {
        Row: {
          address: string | null
          bic: string | null
          city: string | null
          company_name: string | null
          contact_email: string | null
          contact_name: string | null
          contact_phone: string | null
          country: string | null
          created_at: string
          deposit_amount: number | null
          deposit_method: string | null
          deposit_type: string | null
          iban: string | null
          id: string
          legal_form: string | null
          payment_link: string | null
          payment_online: boolean
          payment_onsite: boolean
          postal_code: string | null
          rcs_city: string | null
          requires_deposit: boolean
          restaurant_id: string
          siret_number: string | null
          updated_at: string
          vat_number: string | null
        }
        Insert: {
          address?: string | null
          bic?: string | null
          city?: string | null
          company_name?: string | null
          contact_email?: string | null
          contact_name?: string | null
          contact_phone?: string | null
          country?: string | null
          created_at?: string
          deposit_amount?: number | null
          deposit_method?: string | null
          deposit_type?: string | null
          iban?: string | null
          id?: string
          legal_form?: string | null
          payment_link?: string | null
          payment_online?: boolean
          payment_onsite?: boolean
          postal_code?: string | null
          rcs_city?: string | null
          requires_deposit?: boolean
          restaurant_id: string
          siret_number?: string | null
          updated_at?: string
          vat_number?: string | null
        }
        Update: {
          address?: string | null
          bic?: string | null
          city?: string | null
          company_name?: string | null
          contact_email?: string | null
          contact_name?: string | null
          contact_phone?: string | null
          country?: string | null
          created_at?: string
          deposit_amount?: number | null
          deposit_method?: string | null
          deposit_type?: string | null
          iban?: string | null
          id?: string
          legal_form?: string | null
          payment_link?: string | null
          payment_online?: boolean
          payment_onsite?: boolean
          postal_code?: string | null
          rcs_city?: string | null
          requires_deposit?: boolean
          restaurant_id?: string
          siret_number?: string | null
          updated_at?: string
          vat_number?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_billing_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_billing_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_cgv: {
        Row: {
          advance_payment_nature: string
          cancellation_policy: string
          created_at: string
          id: string
          link: string | null
          modification_policy: string
          no_show_fee_cents: number | null
          no_show_fee_type: string | null
          restaurant_id: string
          updated_at: string
        }
        Insert: {
          advance_payment_nature?: string
          cancellation_policy: string
          created_at?: string
          id?: string
          link?: string | null
          modification_policy: string
          no_show_fee_cents?: number | null
          no_show_fee_type?: string | null
          restaurant_id: string
          updated_at?: string
        }
        Update: {
          advance_payment_nature?: string
          cancellation_policy?: string
          created_at?: string
          id?: string
          link?: string | null
          modification_policy?: string
          no_show_fee_cents?: number | null
          no_show_fee_type?: string | null
          restaurant_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_cgv_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_cgv_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_closures: {
        Row: {
          closure_date: string
          created_at: string
          id: string
          reason: string | null
          restaurant_id: string
          service: string
        }
        Insert: {
          closure_date: string
          created_at?: string
          id?: string
          reason?: string | null
          restaurant_id: string
          service: string
        }
        Update: {
          closure_date?: string
          created_at?: string
          id?: string
          reason?: string | null
          restaurant_id?: string
          service?: string
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_closures_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_closures_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_contacts: {
        Row: {
          created_at: string
          email: string | null
          email_address: string | null
          id: string
          phone: string | null
          response_time: string
          restaurant_id: string
          updated_at: string
          whatsapp: string | null
        }
        Insert: {
          created_at?: string
          email?: string | null
          email_address?: never
          id?: string
          phone?: string | null
          response_time?: string
          restaurant_id: string
          updated_at?: string
          whatsapp?: string | null
        }
        Update: {
          created_at?: string
          email?: string | null
          email_address?: never
          id?: string
          phone?: string | null
          response_time?: string
          restaurant_id?: string
          updated_at?: string
          whatsapp?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_contacts_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_contacts_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_customers: {
        Row: {
          cancellations: number
          company: string | null
          covers: number
          created_at: string
          display_name: string
          email: string | null
          first_seen_at: string
          first_source: string | null
          id: string
          last_contact_at: string
          last_visit: string | null
          no_shows: number
          notes: string | null
          phone_e164: string | null
          reservations_count: number
          restaurant_id: string
          search_text: string | null
          spent_cents: number
          tags: string[]
          updated_at: string
          visits: number
        }
        Insert: {
          cancellations?: number
          company?: string | null
          covers?: number
          created_at?: string
          display_name?: string
          email?: string | null
          first_seen_at?: string
          first_source?: string | null
          id?: string
          last_contact_at?: string
          last_visit?: string | null
          no_shows?: number
          notes?: string | null
          phone_e164?: string | null
          reservations_count?: number
          restaurant_id: string
          search_text?: never
          spent_cents?: number
          tags?: string[]
          updated_at?: string
          visits?: number
        }
        Update: {
          cancellations?: number
          company?: string | null
          covers?: number
          created_at?: string
          display_name?: string
          email?: string | null
          first_seen_at?: string
          first_source?: string | null
          id?: string
          last_contact_at?: string
          last_visit?: string | null
          no_shows?: number
          notes?: string | null
          phone_e164?: string | null
          reservations_count?: number
          restaurant_id?: string
          search_text?: never
          spent_cents?: number
          tags?: string[]
          updated_at?: string
          visits?: number
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_customers_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_customers_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_faqs: {
        Row: {
          answer: string
          created_at: string
          display_order: number
          id: string
          question: string
          restaurant_id: string
          updated_at: string
        }
        Insert: {
          answer: string
          created_at?: string
          display_order: number
          id?: string
          question: string
          restaurant_id: string
          updated_at?: string
        }
        Update: {
          answer?: string
          created_at?: string
          display_order?: number
          id?: string
          question?: string
          restaurant_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_faqs_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_faqs_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_hours: {
        Row: {
          created_at: string
          day: string
          dinner_allow_a_la_carte: boolean
          dinner_capacity: number | null
          dinner_from_time: string
          dinner_group_max: number
          dinner_group_min: number
          dinner_is_open: boolean
          dinner_max_a_la_carte_size: number
          dinner_partial_privatization_amount: number
          dinner_partial_privatization_min_size: number
          dinner_partial_privatization_supplement: boolean
          dinner_to_time: string
          id: string
          lunch_allow_a_la_carte: boolean
          lunch_capacity: number | null
          lunch_from_time: string
          lunch_group_max: number
          lunch_group_min: number
          lunch_is_open: boolean
          lunch_max_a_la_carte_size: number
          lunch_partial_privatization_amount: number
          lunch_partial_privatization_min_size: number
          lunch_partial_privatization_supplement: boolean
          lunch_to_time: string
          restaurant_id: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          day: string
          dinner_allow_a_la_carte?: boolean
          dinner_capacity?: number | null
          dinner_from_time?: string
          dinner_group_max?: number
          dinner_group_min?: number
          dinner_is_open?: boolean
          dinner_max_a_la_carte_size?: number
          dinner_partial_privatization_amount?: number
          dinner_partial_privatization_min_size?: number
          dinner_partial_privatization_supplement?: boolean
          dinner_to_time?: string
          id?: string
          lunch_allow_a_la_carte?: boolean
          lunch_capacity?: number | null
          lunch_from_time?: string
          lunch_group_max?: number
          lunch_group_min?: number
          lunch_is_open?: boolean
          lunch_max_a_la_carte_size?: number
          lunch_partial_privatization_amount?: number
          lunch_partial_privatization_min_size?: number
          lunch_partial_privatization_supplement?: boolean
          lunch_to_time?: string
          restaurant_id: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          day?: string
          dinner_allow_a_la_carte?: boolean
          dinner_capacity?: number | null
          dinner_from_time?: string
          dinner_group_max?: number
          dinner_group_min?: number
          dinner_is_open?: boolean
          dinner_max_a_la_carte_size?: number
          dinner_partial_privatization_amount?: number
          dinner_partial_privatization_min_size?: number
          dinner_partial_privatization_supplement?: boolean
          dinner_to_time?: string
          id?: string
          lunch_allow_a_la_carte?: boolean
          lunch_capacity?: number | null
          lunch_from_time?: string
          lunch_group_max?: number
          lunch_group_min?: number
          lunch_is_open?: boolean
          lunch_max_a_la_carte_size?: number
          lunch_partial_privatization_amount?: number
          lunch_partial_privatization_min_size?: number
          lunch_partial_privatization_supplement?: boolean
          lunch_to_time?: string
          restaurant_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_hours_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_hours_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_invitations: {
        Row: {
          accepted_at: string | null
          accepted_by: string | null
          cancelled_at: string | null
          created_at: string
          email: string
          expires_at: string
          id: string
          invited_by: string | null
          restaurant_id: string
          role: string
          token_hash: string | null
        }
        Insert: {
          accepted_at?: string | null
          accepted_by?: string | null
          cancelled_at?: string | null
          created_at?: string
          email: string
          expires_at?: string
          id?: string
          invited_by?: string | null
          restaurant_id: string
          role: string
          token_hash?: string | null
        }
        Update: {
          accepted_at?: string | null
          accepted_by?: string | null
          cancelled_at?: string | null
          created_at?: string
          email?: string
          expires_at?: string
          id?: string
          invited_by?: string | null
          restaurant_id?: string
          role?: string
          token_hash?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_invitations_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_invitations_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_members: {
        Row: {
          added_by: string | null
          created_at: string
          restaurant_id: string
          role: string
          user_id: string
        }
        Insert: {
          added_by?: string | null
          created_at?: string
          restaurant_id: string
          role: string
          user_id: string
        }
        Update: {
          added_by?: string | null
          created_at?: string
          restaurant_id?: string
          role?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_members_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_members_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_menus: {
        Row: {
          available_dinner: boolean
          available_lunch: boolean
          content: string | null
          created_at: string
          display_order: number
          id: string
          is_children_menu: boolean
          menu_type: string
          name: string
          price_per_person: number
          restaurant_id: string
          updated_at: string
        }
        Insert: {
          available_dinner?: boolean
          available_lunch?: boolean
          content?: string | null
          created_at?: string
          display_order?: number
          id?: string
          is_children_menu?: boolean
          menu_type?: string
          name: string
          price_per_person?: number
          restaurant_id: string
          updated_at?: string
        }
        Update: {
          available_dinner?: boolean
          available_lunch?: boolean
          content?: string | null
          created_at?: string
          display_order?: number
          id?: string
          is_children_menu?: boolean
          menu_type?: string
          name?: string
          price_per_person?: number
          restaurant_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_menus_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_menus_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_options: {
        Row: {
          created_at: string
          display_order: number
          id: string
          price: number
          price_type: string
          restaurant_id: string
          title: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          display_order?: number
          id?: string
          price: number
          price_type?: string
          restaurant_id: string
          title: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          display_order?: number
          id?: string
          price?: number
          price_type?: string
          restaurant_id?: string
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_options_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_options_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_photos: {
        Row: {
          alt_text: string | null
          created_at: string
          display_order: number
          file_size: number | null
          filename: string
          id: string
          mime_type: string
          original_filename: string | null
          restaurant_id: string
          updated_at: string
          url: string
        }
        Insert: {
          alt_text?: string | null
          created_at?: string
          display_order?: number
          file_size?: number | null
          filename: string
          id?: string
          mime_type: string
          original_filename?: string | null
          restaurant_id: string
          updated_at?: string
          url: string
        }
        Update: {
          alt_text?: string | null
          created_at?: string
          display_order?: number
          file_size?: number | null
          filename?: string
          id?: string
          mime_type?: string
          original_filename?: string | null
          restaurant_id?: string
          updated_at?: string
          url?: string
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_photos_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_photos_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_privacy_audit: {
        Row: {
          action: string
          counts: NonNullable<Json>
          created_at: string
          customer_id: string | null
          id: string
          restaurant_id: string
          user_id: string | null
        }
        Insert: {
          action: string
          counts?: NonNullable<Json>
          created_at?: string
          customer_id?: string | null
          id?: string
          restaurant_id: string
          user_id?: string | null
        }
        Update: {
          action?: string
          counts?: NonNullable<Json>
          created_at?: string
          customer_id?: string | null
          id?: string
          restaurant_id?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_privacy_audit_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_privacy_audit_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_reminder_settings: {
        Row: {
          day_before_enabled: boolean
          deposit_days: number
          deposit_enabled: boolean
          headcount_days: number
          headcount_enabled: boolean
          restaurant_id: string
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          day_before_enabled?: boolean
          deposit_days?: number
          deposit_enabled?: boolean
          headcount_days?: number
          headcount_enabled?: boolean
          restaurant_id: string
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          day_before_enabled?: boolean
          deposit_days?: number
          deposit_enabled?: boolean
          headcount_days?: number
          headcount_enabled?: boolean
          restaurant_id?: string
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_reminder_settings_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_reminder_settings_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_request_pages: {
        Row: {
          enabled: boolean
          restaurant_id: string
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          enabled?: boolean
          restaurant_id: string
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          enabled?: boolean
          restaurant_id?: string
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_request_pages_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_request_pages_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_reservations: {
        Row: {
          amount_received_cents: number | null
          arrival_time: string | null
          children: number
          code_manage: string
          code_reservation: string
          conversation_id: string | null
          created_at: string
          customer_id: string | null
          customer_message: string | null
          customer_name: string
          customer_page_hash: string | null
          dietary_notes: string | null
          email: string | null
          email_address: string | null
          external_id: string | null
          id: string
          is_accepted: boolean
          notes: string | null
          number_people: number
          numero_reservation: string
          numero_reservation_restaurateur: string
          options: NonNullable<Json>
          phone_number: string | null
          request_fingerprint: string | null
          request_scope: string | null
          reservation_date: string
          respond_by: string
          restaurant_id: string
          search_text: string | null
          selected_menu: string | null
          selected_menu_id: string | null
          service: string
          source: string
          status: number
          total_amount: number
          updated_at: string
          reservation_deposit: Json | null
        }
        Insert: {
          amount_received_cents?: number | null
          arrival_time?: string | null
          children?: number
          code_manage?: string
          code_reservation: string
          conversation_id?: string | null
          created_at?: string
          customer_id?: string | null
          customer_message?: string | null
          customer_name?: string
          customer_page_hash?: string | null
          dietary_notes?: string | null
          email?: string | null
          email_address?: never
          external_id?: string | null
          id?: string
          is_accepted?: never
          notes?: string | null
          number_people: number
          numero_reservation: string
          numero_reservation_restaurateur: string
          options?: NonNullable<Json>
          phone_number?: string | null
          request_fingerprint?: string | null
          request_scope?: string | null
          reservation_date: string
          respond_by?: string
          restaurant_id: string
          search_text?: never
          selected_menu?: string | null
          selected_menu_id?: string | null
          service?: never
          source?: string
          status?: number
          total_amount?: number
          updated_at?: string
        }
        Update: {
          amount_received_cents?: number | null
          arrival_time?: string | null
          children?: number
          code_manage?: string
          code_reservation?: string
          conversation_id?: string | null
          created_at?: string
          customer_id?: string | null
          customer_message?: string | null
          customer_name?: string
          customer_page_hash?: string | null
          dietary_notes?: string | null
          email?: string | null
          email_address?: never
          external_id?: string | null
          id?: string
          is_accepted?: never
          notes?: string | null
          number_people?: number
          numero_reservation?: string
          numero_reservation_restaurateur?: string
          options?: NonNullable<Json>
          phone_number?: string | null
          request_fingerprint?: string | null
          request_scope?: string | null
          reservation_date?: string
          respond_by?: string
          restaurant_id?: string
          search_text?: never
          selected_menu?: string | null
          selected_menu_id?: string | null
          service?: never
          source?: string
          status?: number
          total_amount?: number
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_reservations_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversation_summaries"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "restaurant_reservations_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversations"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "restaurant_reservations_customer_id_fkey"
            columns: ["customer_id"]
            isOneToOne: false
            referencedRelation: "restaurant_customers"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "restaurant_reservations_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_reservations_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "restaurant_reservations_selected_menu_id_fkey"
            columns: ["selected_menu_id"]
            isOneToOne: false
            referencedRelation: "restaurant_menus"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_stripe_accounts: {
        Row: {
          account_id: string
          account_name: string | null
          connected_at: string
          connected_by: string | null
          restaurant_id: string
        }
        Insert: {
          account_id: string
          account_name?: string | null
          connected_at?: string
          connected_by?: string | null
          restaurant_id: string
        }
        Update: {
          account_id?: string
          account_name?: string | null
          connected_at?: string
          connected_by?: string | null
          restaurant_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_stripe_accounts_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_stripe_accounts_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_whatsapp_numbers: {
        Row: {
          phone_number_id: string
          restaurant_id: string
          updated_at: string
          updated_by: string | null
        }
        Insert: {
          phone_number_id: string
          restaurant_id: string
          updated_at?: string
          updated_by?: string | null
        }
        Update: {
          phone_number_id?: string
          restaurant_id?: string
          updated_at?: string
          updated_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_whatsapp_numbers_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_whatsapp_numbers_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: true
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurants: {
        Row: {
          address: string
          created_at: string
          customer_retention_months: number
          days_open: string[]
          description: string
          first_message: string | null
          has_different_hours_settings: boolean
          id: string
          name: string
          onboarding_finished_at: string | null
          updated_at: string
          url: string | null
          user_id: string | null
        }
        Insert: {
          address?: string
          created_at?: string
          customer_retention_months?: number
          days_open?: string[]
          description?: string
          first_message?: string | null
          has_different_hours_settings?: boolean
          id?: string
          name?: string
          onboarding_finished_at?: string | null
          updated_at?: string
          url?: string | null
          user_id?: string | null
        }
        Update: {
          address?: string
          created_at?: string
          customer_retention_months?: number
          days_open?: string[]
          description?: string
          first_message?: string | null
          has_different_hours_settings?: boolean
          id?: string
          name?: string
          onboarding_finished_at?: string | null
          updated_at?: string
          url?: string | null
          user_id?: string | null
        }
        Relationships: []
      }
    }
    Views: {
      conversation_summaries: {
        Row: {
          answered_by: string | null
          channel: string | null
          created_at: string | null
          customer_contact: string | null
          handed_over_at: string | null
          id: string | null
          last_message_at: string | null
          last_message_content: string | null
          last_message_role: string | null
          message_count: number | null
          restaurant_id: string | null
          updated_at: string | null
        }
        Insert: {
          answered_by?: string | null
          channel?: string | null
          created_at?: string | null
          customer_contact?: string | null
          handed_over_at?: string | null
          id?: string | null
          last_message_at?: never
          last_message_content?: never
          last_message_role?: never
          message_count?: never
          restaurant_id?: string | null
          updated_at?: string | null
        }
        Update: {
          answered_by?: string | null
          channel?: string | null
          created_at?: string | null
          customer_contact?: string | null
          handed_over_at?: string | null
          id?: string | null
          last_message_at?: never
          last_message_content?: never
          last_message_role?: never
          message_count?: never
          restaurant_id?: string | null
          updated_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "conversations_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "conversations_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      reservation_status_counts: {
        Row: {
          count: number | null
          late: number | null
          restaurant_id: string | null
          status: number | null
        }
        Relationships: [
          {
            foreignKeyName: "restaurant_reservations_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurant_completeness"
            referencedColumns: ["restaurant_id"]
          },
          {
            foreignKeyName: "restaurant_reservations_restaurant_id_fkey"
            columns: ["restaurant_id"]
            isOneToOne: false
            referencedRelation: "restaurants"
            referencedColumns: ["id"]
          },
        ]
      }
      restaurant_completeness: {
        Row: {
          missing: Json | null
          missing_count: number | null
          restaurant_id: string | null
        }
        Relationships: []
      }
    }
    Functions: {
      accept_invitation: { Args: { p_token: string }; Returns: string }
      accept_reservation_by_link: {
        Args: {
          p_code_manage: string
          p_expected_check?: Json
          p_numero_reservation: string
        }
        Returns: Json
      }
      account_deletion_preview: { Args: { p_password: string }; Returns: Json }
      assistant_faq_match: {
        Args: { p_question: string; p_restaurant_id: string }
        Returns: Json
      }
      assistant_key_restaurant: {
        Args: { p_key: string }
        Returns: {
          key_id: string
          restaurant_id: string
        }[]
      }
      assistant_knowledge: { Args: { p_restaurant_id: string }; Returns: Json }
      cancel_invitation: {
        Args: { p_invitation_id: string }
        Returns: undefined
      }
      change_member_role: {
        Args: { p_restaurant_id: string; p_role: string; p_user_id: string }
        Returns: undefined
      }
      check_group_request: {
        Args: { p_request: Json; p_restaurant_id: string }
        Returns: Json
      }
      checkout_session_saved: {
        Args: {
          p_account_id: string
          p_amount_cents: number
          p_expires_at: string
          p_purpose: string
          p_reservation_id: string
          p_session_id: string
          p_url: string
        }
        Returns: undefined
      }
      claim_notifications: {
        Args: { p_lease?: string; p_limit?: number; p_restaurant_id?: string }
        Returns: {
          attempts: number
          channel: string
          claimed_until: string | null
          conversation_id: string | null
          created_at: string
          event_id: string | null
          id: string
          invitation_id: string | null
          kind: string
          last_error: string | null
          message_id: string | null
          next_attempt_at: string
          payload: NonNullable<Json>
          recipient: string
          reservation_id: string | null
          restaurant_id: string
          sent_at: string | null
          status: string
        }[]
        SetofOptions: {
          from: "*"
          to: "notification_outbox"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      close_services: {
        Args: {
          p_date: string
          p_reason?: string
          p_restaurant_id: string
          p_services: string[]
        }
        Returns: {
          closure_date: string
          created_at: string
          id: string
          reason: string | null
          restaurant_id: string
          service: string
        }[]
        SetofOptions: {
          from: "*"
          to: "restaurant_closures"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      create_assistant_key: { Args: { p_restaurant_id: string }; Returns: Json }
      create_restaurant_faq: {
        Args: { p_answer: string; p_question: string; p_restaurant_id: string }
        Returns: {
          answer: string
          created_at: string
          display_order: number
          id: string
          question: string
          restaurant_id: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "restaurant_faqs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      customer_cancel_reservation: {
        Args: {
          p_accepted_cost_cents?: number
          p_reason: string
          p_token: string
        }
        Returns: Json
      }
      customer_checkout: { Args: { p_token: string }; Returns: Json }
      customer_detail: {
        Args: { p_customer_id: string; p_restaurant_id: string }
        Returns: Json
      }
      customer_page_tokens: {
        Args: { p_reservation_ids: string[] }
        Returns: {
          reservation_id: string
          token: string
        }[]
      }
      customer_reservation: { Args: { p_token: string }; Returns: Json }
      customer_update_reservation: {
        Args: { p_changes: Json; p_token: string }
        Returns: Json
      }
      customer_write_to_restaurant: {
        Args: { p_text: string; p_token: string }
        Returns: Json
      }
      customers_due_for_anonymisation: {
        Args: { p_restaurant_id: string; p_within_days?: number }
        Returns: {
          display_name: string
          due_at: string
          email: string
          id: string
          last_contact_at: string
          phone_e164: string
        }[]
      }
      dashboard_statistics: { Args: Record<PropertyKey, never>; Returns: Json }
      delete_my_account: { Args: { p_password: string }; Returns: Json }
      delete_restaurant_photo: {
        Args: { photo_id: string; user_id: string }
        Returns: string
      }
      erase_customer: {
        Args: { p_customer_id: string; p_restaurant_id: string }
        Returns: Json
      }
      export_customer_data: {
        Args: { p_customer_id: string; p_restaurant_id: string }
        Returns: Json
      }
      export_reservations_csv: {
        Args: {
          p_due_first?: boolean
          p_from?: string
          p_received_from?: string
          p_received_to?: string
          p_restaurant_id: string
          p_search?: string
          p_service?: string
          p_source?: string
          p_status?: number
          p_statuses?: number[]
          p_to?: string
        }
        Returns: string
      }
      export_statistics_csv: {
        Args: { p_from: string; p_restaurant_id: string; p_to: string }
        Returns: string
      }
      finish_notifications: { Args: { p_outcomes: Json }; Returns: number }
      invitation_details: { Args: { p_token: string }; Returns: Json }
      invite_member: {
        Args: { p_email: string; p_restaurant_id: string; p_role: string }
        Returns: Json
      }
      issue_invitation_token: {
        Args: { p_invitation_id: string; p_token_hash: string }
        Returns: Json
      }
      merge_customers: {
        Args: { p_keep: string; p_merge: string; p_restaurant_id: string }
        Returns: Json
      }
      modify_reservation: {
        Args: { p_changes: Json; p_preview?: boolean; p_reservation_id: string }
        Returns: Json
      }
      no_show_fee_plan: { Args: { p_reservation_id: string }; Returns: Json }
      no_show_fee_recorded: {
        Args: {
          p_account_id: string
          p_cents: number
          p_needs_authentication: boolean
          p_payment_intent: string
          p_reservation_id: string
        }
        Returns: string
      }
      queue_due_reminders: {
        Args: { p_limit?: number; p_restaurant_id?: string }
        Returns: number
      }
      receive_customer_message: {
        Args: {
          p_channel: string
          p_channel_message_id?: string
          p_contact?: string
          p_conversation: Json
          p_restaurant_id: string
          p_text: string
        }
        Returns: Json
      }
      record_assistant_turn: {
        Args: {
          p_contact?: string
          p_conversation_id: string
          p_hand_over?: string
          p_replies: string[]
          p_state: Json
          p_version: number
        }
        Returns: Json
      }
      refund_made: {
        Args: {
          p_error?: string
          p_id: string
          p_refund_id: string
          p_status: string
        }
        Returns: undefined
      }
      remove_member: {
        Args: { p_restaurant_id: string; p_user_id: string }
        Returns: undefined
      }
      renew_notification_leases: {
        Args: { p_ids: string[]; p_lease: string }
        Returns: number
      }
      reorder_faqs: {
        Args: { p_faq_ids: string[]; p_restaurant_id: string }
        Returns: undefined
      }
      reply_to_conversation: {
        Args: { p_conversation_id: string; p_text: string }
        Returns: Json
      }
      request_form: { Args: { p_restaurant_id: string }; Returns: Json }
      request_page_open: { Args: { p_restaurant_id: string }; Returns: boolean }
      reservation_acceptance_check: {
        Args: { p_numero: string; p_restaurant_id: string }
        Returns: {
          arrival_time: string
          capacity: number
          closed: boolean
          closure_reason: string
          confirmed_covers: number
          covers: number
          covers_after: number
          day: string
          from_time: string
          is_open: boolean
          outside_hours: boolean
          service: string
          to_time: string
        }[]
      }
      reservation_acceptance_checks: {
        Args: { p_reservation_ids: string[] }
        Returns: {
          arrival_time: string
          capacity: number
          closed: boolean
          closure_reason: string
          confirmed_covers: number
          covers: number
          covers_after: number
          day: string
          from_time: string
          is_open: boolean
          outside_hours: boolean
          reservation_id: string
          service: string
          to_time: string
        }[]
      }
      reservation_customer_hint: {
        Args: { p_reservation_id: string }
        Returns: Json
      }
      reservation_deposit: {
        Args: {
          p_reservation: Database["public"]["Tables"]["restaurant_reservations"]["Row"]
        }
        Returns: Json
      }
      reservation_planning: {
        Args: { p_from: string; p_restaurant_id: string; p_to: string }
        Returns: {
          capacity: number
          confirmed_covers: number
          confirmed_reservations: number
          day: string
          is_open: boolean
          no_show_covers: number
          no_show_reservations: number
          pending_covers: number
          pending_requests: number
          service: string
        }[]
      }
      restaurant_customers_list: {
        Args: {
          p_limit?: number
          p_offset?: number
          p_restaurant_id: string
          p_search?: string
          p_sort?: string
        }
        Returns: {
          allergies: string[]
          cancellations: number
          company: string
          covers: number
          display_name: string
          email: string
          first_seen_at: string
          first_source: string
          id: string
          last_contact_at: string
          last_visit: string
          no_shows: number
          phone_e164: string
          reservations: number
          spent_cents: number
          tags: string[]
          total_count: number
          visits: number
        }[]
      }
      restaurant_people: {
        Args: { p_restaurant_id: string }
        Returns: {
          email: string
          user_id: string
        }[]
      }
      restaurant_statistics: {
        Args: { p_from: string; p_restaurant_id: string; p_to: string }
        Returns: Json
      }
      restaurant_team: { Args: { p_restaurant_id: string }; Returns: Json }
      revoke_assistant_key: { Args: { p_key_id: string }; Returns: undefined }
      run_daily_privacy_retention: {
        Args: { p_now?: string; p_restaurant_id?: string }
        Returns: Json
      }
      run_privacy_retention: {
        Args: { p_now?: string; p_restaurant_id?: string }
        Returns: Json
      }
      save_customer_notes: {
        Args: {
          p_company?: string
          p_customer_id: string
          p_notes: string
          p_restaurant_id: string
          p_tags: string[]
        }
        Returns: Json
      }
      save_reminder_settings: {
        Args: { p_restaurant_id: string; p_settings: Json }
        Returns: {
          day_before_enabled: boolean
          deposit_days: number
          deposit_enabled: boolean
          headcount_days: number
          headcount_enabled: boolean
          restaurant_id: string
          updated_at: string
          updated_by: string | null
        }
        SetofOptions: {
          from: "*"
          to: "restaurant_reminder_settings"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      save_restaurant_cgv: {
        Args: { p_cgv: Json; p_restaurant_id: string }
        Returns: undefined
      }
      save_restaurant_hours: {
        Args: { p_hours: Json; p_restaurant_id: string }
        Returns: undefined
      }
      save_restaurant_information: {
        Args: { p_information: Json; p_restaurant_id: string }
        Returns: undefined
      }
      save_restaurant_menus: {
        Args: { p_menus: Json; p_restaurant_id: string }
        Returns: undefined
      }
      save_restaurant_options: {
        Args: { p_options: Json; p_restaurant_id: string }
        Returns: undefined
      }
      save_restaurant_photos: {
        Args: { p_photos: Json; p_restaurant_id: string }
        Returns: undefined
      }
      search_reservations: {
        Args: { p_restaurant_id: string; p_search?: string }
        Returns: {
          amount_received_cents: number
          arrival_time: string
          children: number
          code_reservation: string
          conversation_id: string
          created_at: string
          customer_name: string
          email: string
          email_address: string
          id: string
          is_accepted: boolean
          number_people: number
          numero_reservation: string
          numero_reservation_restaurateur: string
          options: Json
          phone_number: string
          reservation_date: string
          respond_by: string
          restaurant_id: string
          selected_menu: string
          service: string
          source: string
          status: number
          total_amount: unknown
        }[]
      }
      set_conversation_answerer: {
        Args: { p_answered_by: string; p_conversation_id: string }
        Returns: Json
      }
      set_request_page: {
        Args: { p_enabled: boolean; p_restaurant_id: string }
        Returns: boolean
      }
      set_whatsapp_number: {
        Args: { p_phone_number_id: string; p_restaurant_id: string }
        Returns: Json
      }
      split_customer: {
        Args: {
          p_customer_id: string
          p_reservation_ids: string[]
          p_restaurant_id: string
        }
        Returns: Json
      }
      staff_messages_since: {
        Args: {
          p_after?: string
          p_conversation: Json
          p_restaurant_id: string
        }
        Returns: Json
      }
      start_restaurant_onboarding: {
        Args: Record<PropertyKey, never>
        Returns: string
      }
      stripe_apply_event: { Args: { p_event: Json }; Returns: string }
      stripe_connect_begin: {
        Args: { p_restaurant_id: string }
        Returns: string
      }
      stripe_connect_save: {
        Args: {
          p_account_id: string
          p_account_name: string
          p_restaurant_id: string
          p_user_id: string
        }
        Returns: undefined
      }
      stripe_connect_take: { Args: { p_state: string }; Returns: Json }
      stripe_disconnect: { Args: { p_restaurant_id: string }; Returns: string }
      submit_group_request: {
        Args: {
          p_key_id?: string
          p_request: Json
          p_restaurant_id: string
          p_source?: string
        }
        Returns: Json
      }
      submit_owner_reservation: {
        Args: {
          p_accept?: boolean
          p_notes?: string
          p_preview?: boolean
          p_request: Json
          p_restaurant_id: string
        }
        Returns: Json
      }
      take_pending_refunds: {
        Args: { p_lease_ms?: number; p_reservation_id?: string }
        Returns: Json
      }
      transition_reservation: {
        Args: {
          p_code_manage: string
          p_numero_reservation: string
          p_restaurant_id?: string
          p_target_status: number
        }
        Returns: Json
      }
      transition_reservation_by_id: {
        Args: {
          p_actor?: string
          p_actor_user_id?: string
          p_amount_cents?: number
          p_deposit?: string
          p_payment_id?: string
          p_proposal?: string
          p_reason?: string
          p_reason_detail?: string
          p_reservation_id: string
          p_target_status: number
        }
        Returns: Json
      }
      undo_link_decision: {
        Args: { p_code_manage: string; p_numero_reservation: string }
        Returns: Json
      }
      whatsapp_restaurant: {
        Args: { p_phone_number_id: string }
        Returns: string
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const

