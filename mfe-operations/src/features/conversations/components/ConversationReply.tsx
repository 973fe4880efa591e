import type { Conversation } from '@tablee/domain';
import { WHATSAPP_REPLY_WINDOW_MS } from '@tablee/operations-data';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useAnswerConversation } from '../api/answerConversation';

interface ReplyForm {
  text: string;
}

/**
 * Who answers the customer, and the restaurant's reply box: 'Reprendre la main' silences the
 * assistant, a reply takes the conversation over too, 'Rendre la main à l'assistant' gives it back.
 * On WhatsApp a free reply is possible within 24 hours of the customer's last message only, counted
 * at `readAt`, when the conversation was last read (every few seconds while it is open).
 */
/** Where the customer reads a reply, by the conversation's channel (the web chat otherwise). */
const REPLY_PLACES: Readonly<Record<string, string>> = { whatsapp: 'envoyée sur WhatsApp', page: 'affichée sur la page de sa réservation' };

export function ConversationReply({ conversation, readAt }: { conversation: Conversation; readAt: number }) {
  const [form] = Form.useForm<ReplyForm>();
  const { setAnswerer, reply } = useAnswerConversation(conversation.restaurantId, conversation.id);
  const lastFromCustomer = [...(conversation.messages ?? [])].reverse().find((m) => m.role === 'user');
  const windowClosed = conversation.channel === 'whatsapp' && (!lastFromCustomer || readAt - Date.parse(lastFromCustomer.createdAt) > WHATSAPP_REPLY_WINDOW_MS);
  const staff = conversation.answeredBy === 'staff';
  const send = ({ text }: ReplyForm) =>
    reply.mutate(text, {
      onSuccess: () => form.resetFields(),
      onError: (error) => form.setFields([{ name: 'text', errors: [error.message] }]),
    });

  return (
    <section aria-label="Répondre au client" style={{ display: 'flex', flexDirection: 'column', gap: 12, borderTop: '1px solid #f0f0f0', paddingTop: 16 }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <span style={{ color: '#595959' }}>{staff ? 'Vous répondez à ce client : l’assistant se tait.' : 'L’assistant répond à ce client.'}</span>
        <Button loading={setAnswerer.isPending} onClick={() => setAnswerer.mutate(staff ? 'assistant' : 'staff')}>
          {staff ? 'Rendre la main à l’assistant' : 'Reprendre la main'}
        </Button>
      </Space>
      {setAnswerer.isError && <Alert type="error" showIcon message={setAnswerer.error.message} />}
      {windowClosed ? (
        <Alert
          type="info"
          showIcon
          message="Plus de 24 heures depuis le dernier message du client : WhatsApp n’accepte plus de réponse libre, seulement un modèle de message approuvé. Appelez ou écrivez-lui par e-mail."
        />
      ) : (
        <Form form={form} layout="vertical" onFinish={send} requiredMark={false}>
          <Form.Item
            name="text"
            label={`Votre réponse (${REPLY_PLACES[conversation.channel] ?? 'affichée dans le chat du client'})`}
            rules={[{ required: true, whitespace: true, message: 'Écrivez une réponse avant d’envoyer.' }]}
          >
            <Input.TextArea rows={3} maxLength={4000} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={reply.isPending}>
            Envoyer
          </Button>
        </Form>
      )}
    </section>
  );
}
