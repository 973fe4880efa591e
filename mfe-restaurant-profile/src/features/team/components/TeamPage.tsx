/**
 * 'Équipe', owners only: the members with their role, who added them and when; the pending
 * invitations; 'Inviter' an address with a role; 'Changer le rôle', 'Retirer', 'Annuler l'invitation'.
 */
import { formatDate, PageFrame, QueryState, Toast, userAtom, useToast } from '@tablee/shared';
import { MEMBER_ROLES, ROLE_LABELS, type MemberRole } from '@tablee/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Select, Tag, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { teamQueryOptions, useCancelInvitation, useChangeRole, useInviteMember, useRemoveMember, type TeamInvitation, type TeamMember } from '../api/team';

type Notify = (type: 'success' | 'error', message: string) => void;

/** The role badges: dark enough on their background for WCAG AA (antd's preset colours are not). */
const ROLE_TAG: Record<MemberRole, { color: string; background: string; borderColor: string }> = {
  owner: { color: '#8a3414', background: '#fbe9e1', borderColor: '#8a3414' },
  manager: { color: '#0c3a82', background: '#e6f4ff', borderColor: '#0c3a82' },
};

export function RoleTag({ role }: { role: MemberRole }) {
  return <Tag style={{ marginInlineEnd: 0, ...ROLE_TAG[role] }}>{ROLE_LABELS[role]}</Tag>;
}

const ROLE_OPTIONS = MEMBER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const otherRole = (role: MemberRole): MemberRole => (role === 'owner' ? 'manager' : 'owner');
const message = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Une erreur est survenue');

function Row({ title, details, actions }: { title: ReactNode; details: ReactNode; actions: ReactNode }) {
  return (
    <li style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 8, padding: '12px 0', borderTop: '1px solid #f0f0f0' }}>
      <div style={{ minWidth: 0, flex: '1 1 240px' }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, overflowWrap: 'anywhere' }}>{title}</div>
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {details}
        </Typography.Text>
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>{actions}</div>
    </li>
  );
}

function InviteForm({ restaurantId, notify }: { restaurantId: string; notify: Notify }) {
  const [form] = Form.useForm<{ email: string; role: MemberRole }>();
  const invite = useInviteMember(restaurantId);
  const submit = (values: { email: string; role: MemberRole }) =>
    invite.mutateAsync({ email: values.email.trim(), role: values.role }).then(
      () => {
        notify('success', `Invitation envoyée à ${values.email.trim()}.`);
        form.resetFields();
      },
      (error: unknown) => notify('error', message(error)),
    );
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ role: 'manager' }}
      requiredMark={false}
      style={{ display: 'flex', flexWrap: 'wrap', gap: '0 12px', alignItems: 'flex-end' }}
    >
      <Form.Item
        name="email"
        label="Adresse e-mail"
        style={{ flex: '2 1 240px' }}
        rules={[
          { required: true, message: 'Indiquez l’adresse e-mail à inviter' },
          { type: 'email', message: 'Adresse e-mail invalide' },
        ]}
      >
        <Input type="email" autoComplete="off" placeholder="prenom@exemple.fr" />
      </Form.Item>
      <Form.Item name="role" label="Rôle" style={{ flex: '1 1 140px' }}>
        <Select options={ROLE_OPTIONS} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={invite.isPending}>
          Inviter
        </Button>
      </Form.Item>
    </Form>
  );
}

function MemberRow({ member, restaurantId, isMe, notify }: { member: TeamMember; restaurantId: string; isMe: boolean; notify: Notify }) {
  const change = useChangeRole(restaurantId);
  const remove = useRemoveMember(restaurantId);
  const next = otherRole(member.role);
  return (
    <Row
      title={
        <>
          <strong>{member.email}</strong>
          {isMe && <span>(vous)</span>}
          <RoleTag role={member.role} />
        </>
      }
      details={`Membre depuis le ${formatDate(member.createdAt)}${member.addedBy && member.addedBy !== member.email ? `, ajouté par ${member.addedBy}` : ''}`}
      actions={
        <>
          <Popconfirm
            title="Changer le rôle"
            description={`${member.email} deviendra ${ROLE_LABELS[next].toLowerCase()}.`}
            okText="Changer"
            cancelText="Annuler"
            onConfirm={() =>
              change.mutateAsync({ userId: member.userId, role: next }).then(
                () => notify('success', `${member.email} est maintenant ${ROLE_LABELS[next].toLowerCase()}.`),
                (error: unknown) => notify('error', message(error)),
              )
            }
          >
            <Button size="small" loading={change.isPending} aria-label={`Changer le rôle de ${member.email}`}>
              Changer le rôle
            </Button>
          </Popconfirm>
          {!isMe && (
            <Popconfirm
              title="Retirer ce membre ?"
              description={`${member.email} n’aura plus accès au restaurant.`}
              okText="Retirer"
              cancelText="Annuler"
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove.mutateAsync(member.userId).then(
                  () => notify('success', `${member.email} a été retiré de l’équipe.`),
                  (error: unknown) => notify('error', message(error)),
                )
              }
            >
              <Button size="small" danger loading={remove.isPending} aria-label={`Retirer ${member.email}`}>
                Retirer
              </Button>
            </Popconfirm>
          )}
        </>
      }
    />
  );
}

function InvitationRow({ invitation, restaurantId, notify }: { invitation: TeamInvitation; restaurantId: string; notify: Notify }) {
  const cancel = useCancelInvitation(restaurantId);
  return (
    <Row
      title={
        <>
          <strong>{invitation.email}</strong>
          <RoleTag role={invitation.role} />
          {invitation.expired && <Tag style={{ marginInlineEnd: 0, color: '#434343', background: '#f0f0f0', borderColor: '#434343' }}>Expirée</Tag>}
        </>
      }
      details={`Invité le ${formatDate(invitation.createdAt)}${invitation.invitedBy ? ` par ${invitation.invitedBy}` : ''}${invitation.expired ? '' : ` · lien valable jusqu’au ${formatDate(invitation.expiresAt)}`}`}
      actions={
        <Popconfirm
          title="Annuler l’invitation ?"
          description="Le lien envoyé ne fonctionnera plus."
          okText="Annuler l’invitation"
          cancelText="Garder"
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            cancel.mutateAsync(invitation.id).then(
              () => notify('success', `L’invitation de ${invitation.email} a été annulée.`),
              (error: unknown) => notify('error', message(error)),
            )
          }
        >
          <Button size="small" loading={cancel.isPending} aria-label={`Annuler l’invitation de ${invitation.email}`}>
            Annuler l’invitation
          </Button>
        </Popconfirm>
      }
    />
  );
}

export function TeamPage() {
  const { restaurantId = '' } = useParams();
  const team = useQuery(teamQueryOptions(restaurantId));
  const me = useAtomValue(userAtom);
  const { toast, showToast, closeToast } = useToast();
  return (
    <PageFrame title="Équipe" subtitle="Les personnes qui gèrent ce restaurant avec vous. Un gérant répond aux demandes et tient la fiche, sans la facturation ni l’équipe.">
      <Toast toast={toast} onClose={closeToast} />
      <Card title="Inviter" size="small">
        <InviteForm restaurantId={restaurantId} notify={showToast} />
      </Card>
      <QueryState query={team} errorMessage="Erreur lors du chargement de l’équipe">
        {(t) => (
          <>
            <Card title={`Membres (${t.members.length})`} size="small">
              <ul data-testid="team-members" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {t.members.map((m) => (
                  <MemberRow key={m.userId} member={m} restaurantId={restaurantId} isMe={m.userId === me?.id} notify={showToast} />
                ))}
              </ul>
            </Card>
            <Card title={`Invitations en attente (${t.invitations.length})`} size="small">
              {t.invitations.length === 0 ? (
                <Typography.Text type="secondary">Aucune invitation en attente.</Typography.Text>
              ) : (
                <ul data-testid="team-invitations" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {t.invitations.map((i) => (
                    <InvitationRow key={i.id} invitation={i} restaurantId={restaurantId} notify={showToast} />
                  ))}
                </ul>
              )}
            </Card>
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
