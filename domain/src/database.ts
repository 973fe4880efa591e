/**
 * The database's types: those `pnpm gen:types` generates from the migrations (database.types.ts,
 * never edited by hand), with what PostgreSQL cannot tell the generator set over them here, as
 * Supabase documents it (MergeDeep): the shape of the jsonb documents that functions and views
 * answer, and columns taken from a table — a view's, the `%type` columns of search_reservations —
 * which the generator reads without their nullability (and, for numeric, without their type).
 */
import type { MergeDeep } from 'type-fest';
import type { AccountDeletion } from './accounts';
import type { AssistantKnowledge } from './assistant-knowledge';
import type { CustomerPage } from './customer-page';
import type { NewAssistantKey } from './assistant-keys';
import type { MissingItem } from './completeness';
import type { Database as GeneratedDatabase } from './database.types';
import type { Deposit } from './deposit';
import type { ConnectState, CustomerCheckout, NoShowFeePlan, PendingRefund } from './payments';
import type { CustomerDetail, CustomerDue, CustomerExport, CustomerHint, CustomerListRow, DailyRetentionRun, ErasedCustomer, RetentionRun } from './guest-book';
import type { DashboardStatistics, Statistics } from './statistics';
import type {
  CheckedRequestAnswer,
  ConversationAnswerer,
  FaqMatch,
  InvitationToSend,
  ModifyReservationAnswer,
  ReceivedMessageAnswer,
  RecordedTurnAnswer,
  StaffMessagesAnswer,
  StaffReplyAnswer,
  SubmittedRequestAnswer,
  WhatsAppNumberAnswer,
} from './function-answers';
import type { TransitionResult } from './transitions';

export type { Json } from './database.types';

type Generated = GeneratedDatabase['public'];
type ReservationSearchColumn = keyof Generated['Functions']['search_reservations']['Returns'][number];
type Conversation = Generated['Tables']['conversations']['Row'];

export type Database = MergeDeep<
  GeneratedDatabase,
  {
    public: {
      Tables: {
        // The computed field public.reservation_deposit(restaurant_reservations).
        restaurant_reservations: { Row: { reservation_deposit: Deposit | null } };
      };
      Views: {
        restaurant_completeness: { Row: { missing: MissingItem[] | null } };
        conversation_summaries: {
          Row: Pick<Conversation, 'id' | 'restaurant_id' | 'created_at' | 'updated_at' | 'channel' | 'customer_contact' | 'handed_over_at'> & { answered_by: ConversationAnswerer };
        };
      };
      Functions: {
        assistant_knowledge: { Returns: AssistantKnowledge };
        create_assistant_key: { Returns: NewAssistantKey };
        transition_reservation: { Returns: TransitionResult };
        transition_reservation_by_id: { Returns: TransitionResult };
        accept_reservation_by_link: { Returns: TransitionResult };
        undo_link_decision: { Returns: TransitionResult };
        search_reservations: { Returns: Pick<Generated['Tables']['restaurant_reservations']['Row'], ReservationSearchColumn>[] };
        submit_group_request: { Returns: SubmittedRequestAnswer };
        check_group_request: { Returns: CheckedRequestAnswer };
        submit_owner_reservation: { Returns: SubmittedRequestAnswer };
        modify_reservation: { Returns: ModifyReservationAnswer };
        issue_invitation_token: { Returns: InvitationToSend | null };
        receive_customer_message: { Returns: ReceivedMessageAnswer };
        assistant_faq_match: { Returns: FaqMatch | null };
        record_assistant_turn: { Returns: RecordedTurnAnswer };
        staff_messages_since: { Returns: StaffMessagesAnswer };
        reply_to_conversation: { Returns: StaffReplyAnswer };
        set_whatsapp_number: { Returns: WhatsAppNumberAnswer };
        // Null when no restaurant has that number.
        whatsapp_restaurant: { Returns: string | null };
        customer_reservation: { Returns: CustomerPage };
        customer_update_reservation: { Returns: CustomerPage };
        customer_cancel_reservation: { Returns: CustomerPage };
        customer_write_to_restaurant: { Returns: CustomerPage };
        customer_checkout: { Returns: CustomerCheckout };
        no_show_fee_plan: { Returns: NoShowFeePlan };
        take_pending_refunds: { Returns: PendingRefund[] };
        // Null when the state is unknown, used, too old, or no longer an owner's.
        stripe_connect_take: { Returns: ConnectState | null };
        // Statistiques: the definitions are the functions' comments (supabase/schemas/85_statistics.sql).
        restaurant_statistics: { Returns: Statistics };
        dashboard_statistics: { Returns: DashboardStatistics };
        // The guest book and the customers' rights (supabase/schemas/90_guest_book.sql).
        restaurant_customers_list: { Returns: CustomerListRow[] };
        customers_due_for_anonymisation: { Returns: CustomerDue[] };
        customer_detail: { Returns: CustomerDetail };
        reservation_customer_hint: { Returns: CustomerHint };
        export_customer_data: { Returns: CustomerExport };
        erase_customer: { Returns: ErasedCustomer };
        run_privacy_retention: { Returns: RetentionRun };
        run_daily_privacy_retention: { Returns: DailyRetentionRun };
        merge_customers: { Returns: { kept: string; merged: string; reservations: number; conversations: number } };
        split_customer: { Returns: { customerId: string; reservations: number; conversations: number } };
        save_customer_notes: { Returns: { id: string; notes: string | null; tags: string[]; company: string | null } };
        // Deleting one's own account (supabase/schemas/95_accounts.sql).
        account_deletion_preview: { Returns: AccountDeletion };
        delete_my_account: { Returns: AccountDeletion };
      };
    };
  }
>;

type Schema = Database['public'];

/** A row of a table or view, as the database returns it. */
export type Tables<Name extends keyof Schema['Tables'] | keyof Schema['Views']> = Name extends keyof Schema['Tables']
  ? Schema['Tables'][Name]['Row']
  : Name extends keyof Schema['Views']
    ? Schema['Views'][Name]['Row']
    : never;
