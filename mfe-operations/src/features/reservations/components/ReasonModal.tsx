import { CANCELLATION_REASONS, POLICY_LABELS, REFUSAL_REASONS, type Policy } from '@tablee/domain';
import { Alert, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { ADVANCE_NATURES, formatCents, type AdvanceNature } from '@tablee/domain/payments';
import type { DecisionReason } from '../api/updateReservationStatus';

const KINDS = {
  refuse: {
    title: 'Refuser cette réservation ?',
    question: 'Êtes-vous sûr de vouloir refuser cette réservation ?',
    reasons: REFUSAL_REASONS,
    ok: 'Refuser',
    back: 'Annuler',
    // A refusal may come without a reason (the one-click link has none).
    reasonRequired: false,
  },
  cancel: {
    title: 'Annuler cette réservation ?',
    question: 'La réservation sera annulée.',
    reasons: CANCELLATION_REASONS,
    ok: 'Annuler la réservation',
    // Not 'Annuler' beside 'Annuler la réservation'.
    back: 'Retour',
    reasonRequired: true,
  },
} as const;

/**
 * A paid reservation being cancelled: what was received (the most that may be refunded) and the CGV's
 * cancellation policy (null: none saved), which the owner reads before keeping the acompte.
 */
export interface DepositChoice {
  /** Cents, as what was received is recorded. */
  receivedCents: number;
  policy: Policy | null;
  /** Arrhes are repaid double by a restaurant that cancels (Code civil art. 1590); an acompte, what was received at most. */
  nature: AdvanceNature;
}

/** The most that may be refunded: what was received, twice that for arrhes when the restaurant withdraws (any reason but the customer's request). */
export const refundCeilingCents = (choice: DepositChoice, reason: string | undefined) =>
  choice.nature === 'arrhes' && reason && reason !== 'demande_du_client' ? choice.receivedCents * 2 : choice.receivedCents;

/** '120,00 €' with its spaces as typed (the grouping and the space before € are non-breaking). */
const plainEuros = (cents: number) => formatCents(cents).replace(/\s/g, ' ');

/** What the owner fills in: the refund in euros, as they type it (sent in cents). */
type ReasonForm = Omit<DecisionReason, 'refund_amount_cents'> & { refund_amount?: number };

/**
 * The refusal or the cancellation, with its reason (« Autre » and its words), and for a refusal the
 * date or time to propose instead; cancelling a paid reservation (`deposit`), the acompte refunded
 * (how much: at most what was received, by default all of it) or kept (per the CGV, shown). antd's
 * Form holds and checks what is typed; `notice` says whether the customer will be e-mailed. Resolves
 * through `onConfirm`; closed by `onClose`.
 */
export function ReasonModal({
  kind,
  open,
  notice,
  busy,
  deposit,
  onConfirm,
  onClose,
}: {
  kind: keyof typeof KINDS;
  open: boolean;
  notice: string;
  busy: boolean;
  deposit?: DepositChoice | null;
  onConfirm: (why: DecisionReason) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ReasonForm>();
  const reason = Form.useWatch('reason', form);
  const depositOutcome = Form.useWatch('deposit', form);
  const texts = KINDS[kind];
  const choice = kind === 'cancel' && deposit && deposit.receivedCents > 0 ? deposit : null;
  const ceiling = choice ? refundCeilingCents(choice, reason) : 0;
  const word = choice ? ADVANCE_NATURES[choice.nature].label : 'Acompte';
  // Only what the chosen outcome needs: the amount goes with a refund alone.
  const confirm = ({ refund_amount, ...why }: ReasonForm) =>
    onConfirm(why.deposit === 'refunded' && refund_amount !== undefined ? { ...why, refund_amount_cents: Math.round(refund_amount * 100) } : why);
  return (
    <Modal
      open={open}
      title={texts.title}
      okText={texts.ok}
      cancelText={texts.back}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => form.validateFields().then(confirm, () => undefined)}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <p>
        {texts.question} {notice}
      </p>
      <Form form={form} layout="vertical" requiredMark={texts.reasonRequired ? true : 'optional'} initialValues={choice ? { refund_amount: choice.receivedCents / 100 } : undefined}>
        <Form.Item name="reason" label="Raison" rules={texts.reasonRequired ? [{ required: true, message: 'Choisissez une raison.' }] : []}>
          <Radio.Group options={Object.entries(texts.reasons).map(([value, label]) => ({ value, label }))} style={{ display: 'grid', gap: 6 }} />
        </Form.Item>
        {reason === 'autre' && (
          <Form.Item name="reason_detail" label="Précisez" rules={[{ required: true, whitespace: true, message: 'Précisez la raison.' }]}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        )}
        {choice && (
          <>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={`Montant reçu : ${plainEuros(choice.receivedCents)}`}
              description={choice.policy ? `Conditions d’annulation de vos CGV : ${POLICY_LABELS[choice.policy]} avant le repas.` : 'Vos CGV ne fixent pas de conditions d’annulation.'}
            />
            {choice.nature === 'arrhes' && ceiling > choice.receivedCents && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                title={`Ce sont des arrhes : le restaurant qui annule les rembourse au double, soit ${plainEuros(ceiling)}.`}
                description="Code civil, art. 1590. Ce qui a été payé en ligne est remboursé sur la carte du client ; le reste est à lui verser par vos soins."
              />
            )}
            <Form.Item
              name="deposit"
              label={word}
              rules={[{ required: true, message: `Indiquez si ${choice.nature === 'arrhes' ? 'les arrhes sont remboursées ou conservées' : 'l’acompte est remboursé ou conservé'}.` }]}
            >
              <Radio.Group
                options={[
                  { value: 'refunded', label: choice.nature === 'arrhes' ? 'Arrhes remboursées' : 'Acompte remboursé' },
                  { value: 'kept', label: choice.nature === 'arrhes' ? 'Arrhes conservées' : 'Acompte conservé' },
                ]}
                style={{ display: 'grid', gap: 6 }}
              />
            </Form.Item>
            {depositOutcome === 'refunded' && (
              <Form.Item
                name="refund_amount"
                label="Montant remboursé (€)"
                rules={[
                  { required: true, message: 'Indiquez le montant remboursé.' },
                  {
                    validator: (_rule, value: number | null) =>
                      value === null || value === undefined || (value > 0 && Math.round(value * 100) <= ceiling)
                        ? Promise.resolve()
                        : Promise.reject(new Error(`Le montant remboursé doit être supérieur à 0 € et au plus ${plainEuros(ceiling)}.`)),
                  },
                ]}
              >
                <InputNumber min={0} precision={2} step={1} decimalSeparator="," style={{ width: '100%' }} />
              </Form.Item>
            )}
          </>
        )}
        {kind === 'refuse' && (
          <Form.Item name="proposal" label="Proposer une autre date ou un autre horaire" extra="Écrit dans l’email au client.">
            <Input maxLength={200} placeholder="Ex. : samedi 12 décembre à 20 h" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
