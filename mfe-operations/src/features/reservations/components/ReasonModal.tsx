import { CANCELLATION_REASONS, REFUSAL_REASONS } from '@tablee/domain';
import { Form, Input, Modal, Radio } from 'antd';
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
 * The refusal or the cancellation, with its reason (« Autre » and its words), and for a refusal the
 * date or time to propose instead. antd's Form holds and checks what is typed; `notice` says whether
 * the customer will be e-mailed. Resolves through `onConfirm`; closed by `onClose`.
 */
export function ReasonModal({
  kind,
  open,
  notice,
  busy,
  onConfirm,
  onClose,
}: {
  kind: keyof typeof KINDS;
  open: boolean;
  notice: string;
  busy: boolean;
  onConfirm: (why: DecisionReason) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<DecisionReason>();
  const reason = Form.useWatch('reason', form);
  const texts = KINDS[kind];
  return (
    <Modal
      open={open}
      title={texts.title}
      okText={texts.ok}
      cancelText={texts.back}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => form.validateFields().then(onConfirm, () => undefined)}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <p>
        {texts.question} {notice}
      </p>
      <Form form={form} layout="vertical" requiredMark={texts.reasonRequired ? true : 'optional'}>
        <Form.Item name="reason" label="Raison" rules={texts.reasonRequired ? [{ required: true, message: 'Choisissez une raison.' }] : []}>
          <Radio.Group options={Object.entries(texts.reasons).map(([value, label]) => ({ value, label }))} style={{ display: 'grid', gap: 6 }} />
        </Form.Item>
        {reason === 'autre' && (
          <Form.Item name="reason_detail" label="Précisez" rules={[{ required: true, whitespace: true, message: 'Précisez la raison.' }]}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
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
