import { PageFrame, userAtom } from '@tablee/shared';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useChangeEmail } from '../api/changeEmail';
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

/** /account: 'Mon compte', the signed-in owner's password and e-mail. */
export function AccountPage() {
  const user = useAtomValue(userAtom);
  return (
    <PageFrame title="Mon compte">
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 560 }}>
        <ChangeEmail current={user?.email ?? ''} />
        <ChangePassword />
      </div>
    </PageFrame>
  );
}
