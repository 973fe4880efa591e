import { PageFrame, signOut, userAtom } from '@tablee/shared';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import { useChangeEmail } from '../api/changeEmail';
import { useDeleteMyAccount, usePreviewAccountDeletion, type AccountDeletionPreview } from '../api/deleteAccount';
import { ACCOUNT_MESSAGES } from '../api/messages';
import { MIN_PASSWORD_LENGTH, passwordLength, passwordProblem } from '../api/password';
import { useUpdatePassword } from '../api/updatePassword';

interface PasswordValues {
  currentPassword: string;
  password: string;
  confirmation: string;
}

/** The sign-up's counter under the field (characters, not UTF-16 units); the rule's message is the field's error. */
function PasswordHelp({ password }: { password: string }) {
  if (passwordProblem(password) === null) return <span style={{ color: '#237804' }}>✓ Mot de passe valide</span>;
  return (
    <span data-testid="password-counter">
      {passwordLength(password)}/{MIN_PASSWORD_LENGTH} caractères
    </span>
  );
}

function ChangePassword() {
  const [form] = Form.useForm<PasswordValues>();
  const password = Form.useWatch('password', form) ?? '';
  const save = useUpdatePassword();
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Mot de passe</h2>}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => save.mutate({ password: values.password, currentPassword: values.currentPassword }, { onSuccess: () => form.resetFields() })}
        onValuesChange={() => save.isSuccess && save.reset()}
      >
        <Form.Item name="currentPassword" label="Mot de passe actuel" rules={[{ required: true, message: ACCOUNT_MESSAGES.currentPasswordMissing }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label="Nouveau mot de passe"
          extra={<PasswordHelp password={password} />}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = passwordProblem(value ?? '');
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmation"
          label="Confirmer le nouveau mot de passe"
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if ((value ?? '') !== (getFieldValue('password') ?? '')) throw new Error(ACCOUNT_MESSAGES.passwordsDiffer);
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {save.error && <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 16 }} />}
        {save.isSuccess && <Alert type="success" showIcon title={ACCOUNT_MESSAGES.passwordChanged} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Changer le mot de passe
        </Button>
      </Form>
    </Card>
  );
}

function ChangeEmail({ current }: { current: string }) {
  const [form] = Form.useForm<{ email: string }>();
  const save = useChangeEmail();
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Adresse email</h2>}>
      <Typography.Paragraph>
        Adresse actuelle : <strong data-testid="account-email">{current}</strong>
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={({ email }) => save.mutate(email.trim())} onValuesChange={() => save.isSuccess && save.reset()}>
        <Form.Item
          name="email"
          label="Nouvelle adresse email"
          rules={[
            { required: true, whitespace: true, message: 'Indiquez la nouvelle adresse email.' },
            { type: 'email', message: 'Adresse email invalide.' },
            {
              validator: async (_rule, value: string | undefined) => {
                if (value?.trim().toLowerCase() === current.toLowerCase()) throw new Error(ACCOUNT_MESSAGES.emailUnchanged);
              },
            },
          ]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        {save.error && <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 16 }} />}
        {save.data && <Alert type="success" showIcon title={ACCOUNT_MESSAGES.emailLinkSent(save.data)} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Changer d’adresse
        </Button>
      </Form>
    </Card>
  );
}

/** What /signin is given after the account's deletion: its message. */
export interface AccountDeletedState {
  accountDeleted: true;
}

const restaurantName = (name: string) => name.trim() || 'Restaurant sans nom';

function RestaurantList({ testId, restaurants }: { testId: string; restaurants: AccountDeletionPreview['deleted'] }) {
  return (
    <ul data-testid={testId} style={{ margin: '4px 0 12px', paddingLeft: 20 }}>
      {restaurants.map((r) => (
        <li key={r.id}>{restaurantName(r.name)}</li>
      ))}
    </ul>
  );
}

/**
 * 'Supprimer mon compte': the password first, then what will happen (the restaurants the owner alone owns are
 * deleted; those with another owner, and those where they are a manager, are left), then the deletion; the app
 * signs out and shows /signin with 'Votre compte a été supprimé.'.
 */
function DeleteAccount() {
  const [form] = Form.useForm<{ password: string }>();
  const navigate = useNavigate();
  const preview = usePreviewAccountDeletion();
  const remove = useDeleteMyAccount();
  const shown = preview.data;
  const error = remove.error ?? preview.error;
  const confirm = () => {
    if (!shown) return;
    remove.mutate(
      { password: form.getFieldValue('password') as string, preview: shown },
      {
        onSuccess: () => {
          navigate('/signin', { replace: true, state: { accountDeleted: true } satisfies AccountDeletedState });
          // The account's sessions went with it: only this browser's is left to forget.
          void signOut().catch(() => undefined);
        },
      },
    );
  };
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Supprimer mon compte</h2>}>
      <Typography.Paragraph>
        La suppression est définitive. Les restaurants dont vous êtes le seul propriétaire sont supprimés avec toutes leurs données ; vous quittez les autres, qui restent à leurs autres membres.
      </Typography.Paragraph>
      {/* Named: its field's id must not be the password form's ('password'). */}
      <Form
        form={form}
        name="delete-account"
        layout="vertical"
        requiredMark={false}
        onFinish={({ password }) => preview.mutate(password)}
        onValuesChange={() => {
          if (preview.data || preview.error) preview.reset();
          if (remove.error) remove.reset();
        }}
      >
        <Form.Item name="password" label="Votre mot de passe" rules={[{ required: true, message: 'Indiquez votre mot de passe.' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {error && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 16 }} />}
        {shown ? (
          <div data-testid="account-deletion-preview">
            {shown.deleted.length > 0 ? (
              <>
                <Typography.Text strong>Restaurants supprimés avec votre compte (vous en êtes le seul propriétaire) :</Typography.Text>
                <RestaurantList testId="account-deletion-deleted" restaurants={shown.deleted} />
              </>
            ) : (
              <Typography.Paragraph>Aucun restaurant ne sera supprimé.</Typography.Paragraph>
            )}
            {shown.left.length > 0 && (
              <>
                <Typography.Text strong>Restaurants que vous quittez (ils restent à leurs autres membres) :</Typography.Text>
                <RestaurantList testId="account-deletion-left" restaurants={shown.left} />
              </>
            )}
            <Space>
              <Button onClick={() => preview.reset()} disabled={remove.isPending}>
                Annuler
              </Button>
              <Button danger type="primary" onClick={confirm} loading={remove.isPending}>
                Supprimer définitivement mon compte
              </Button>
            </Space>
          </div>
        ) : (
          <Button danger htmlType="submit" loading={preview.isPending}>
            Supprimer mon compte…
          </Button>
        )}
      </Form>
    </Card>
  );
}

/** /account: 'Mon compte', the signed-in owner's password and e-mail, and deleting the account. */
export function AccountPage() {
  const user = useAtomValue(userAtom);
  return (
    <PageFrame title="Mon compte">
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 560 }}>
        <ChangeEmail current={user?.email ?? ''} />
        <ChangePassword />
        <DeleteAccount />
      </div>
    </PageFrame>
  );
}
