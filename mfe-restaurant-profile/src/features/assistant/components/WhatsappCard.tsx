/**
 * 'WhatsApp': the number of the restaurant's WhatsApp Business account on which the assistant answers
 * its customers (Meta's identifier of the number); the owners set or clear it, managers read it.
 */
import { myRoleQuery } from '@tablee/domain';
import { QueryState } from '@tablee/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useSetWhatsappNumber, whatsappNumberQueryOptions } from '../api/whatsapp';
import { Block } from './Block';

interface WhatsappForm {
  phoneNumberId: string;
}

export function WhatsappCard({ restaurantId, onResult }: { restaurantId: string; onResult: (ok: boolean, message: string) => void }) {
  const number = useQuery(whatsappNumberQueryOptions(restaurantId));
  const save = useSetWhatsappNumber(restaurantId);
  const role = useQuery(myRoleQuery(restaurantId)).data;
  const [form] = Form.useForm<WhatsappForm>();
  const submit = ({ phoneNumberId }: WhatsappForm) =>
    save.mutate(phoneNumberId ?? '', {
      onSuccess: (saved) => onResult(true, saved ? 'L’assistant répond désormais sur WhatsApp.' : 'L’assistant ne répond plus sur WhatsApp.'),
      onError: (error) => form.setFields([{ name: 'phoneNumberId', errors: [error.message] }]),
    });
  return (
    <Block title="WhatsApp">
      <QueryState query={number} errorMessage="Erreur lors du chargement du numéro WhatsApp" loadingLabel="Chargement...">
        {(phoneNumberId) => (
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            <Typography.Paragraph style={{ margin: 0 }}>
              L’assistant répond aux clients qui écrivent au numéro WhatsApp Business du restaurant, et vos réponses partent de ce numéro. Indiquez l’identifiant du numéro (« Phone number ID »
              dans WhatsApp Manager) ; laissez vide pour l’arrêter.
            </Typography.Paragraph>
            <Form form={form} layout="vertical" initialValues={{ phoneNumberId }} onFinish={submit} disabled={role !== 'owner'}>
              <Form.Item name="phoneNumberId" label="Identifiant du numéro WhatsApp">
                <Input inputMode="numeric" maxLength={32} placeholder="106540352242922" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                Enregistrer
              </Button>
            </Form>
            {role !== undefined && role !== 'owner' && <Typography.Text type="secondary">Seuls les propriétaires du restaurant relient un numéro WhatsApp.</Typography.Text>}
          </Space>
        )}
      </QueryState>
    </Block>
  );
}
