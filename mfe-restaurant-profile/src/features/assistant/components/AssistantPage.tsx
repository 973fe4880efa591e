/**
 * 'Votre assistant': the chatbot's first message, editable, and what the assistant will
 * tell a group, read from assistant_knowledge — the very document the chatbot reads. Each missing
 * item links to the tab that fixes it.
 */
import { PageFrame, QueryState, Toast, useToast } from '@tablee/shared';
import { completenessLabel, missingItemPath, restaurantPath, RESTAURANT_TABS, type AssistantKnowledge, type MissingItem, type ProfileSection } from '@tablee/domain';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, List, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { assistantKeysQueryOptions } from '../api/keys';
import { FIRST_MESSAGE_MAX_LENGTH, knowledgeQueryOptions, useSaveFirstMessage } from '../api/knowledge';
import { requestPageQueryOptions } from '../api/requestPage';
import { ForOwners } from '../../../components/OwnerOnly';
import { AssistantKeysCard } from './AssistantKeysCard';
import { RequestPageCard } from './RequestPageCard';
import { WhatsappCard } from './WhatsappCard';
import { RemindersCard } from './RemindersCard';
import { Block } from './Block';
import {
  closedDays,
  describeAlternatives,
  describeClosures,
  describeItems,
  describeMenu,
  describeOption,
  describePayment,
  describePolicies,
  describeWeek,
  amenityLabels,
  dietarySummary,
} from '../describe';

/** A link inside a sentence is underlined: colour alone does not tell it from the text (WCAG 1.4.1). */
const IN_TEXT_LINK = { textDecoration: 'underline' } as const;

const tabLabel = (section: ProfileSection) => RESTAURANT_TABS.find((t) => t.path === section)!.label;

/** The missing items of one section, each a link to its tab (or all of them without `section`). */
function MissingLinks({ restaurantId, missing, section }: { restaurantId: string; missing: MissingItem[]; section?: ProfileSection }) {
  const shown = section ? missing.filter((m) => m.section === section) : missing;
  if (shown.length === 0) return null;
  return (
    <ul style={{ margin: '8px 0 0', paddingInlineStart: 20 }}>
      {shown.map((m) => (
        <li key={m.item}>
          {m.label} —{' '}
          <Link to={missingItemPath(restaurantId, m)} style={IN_TEXT_LINK}>
            compléter dans « {tabLabel(m.section)} »
          </Link>
        </li>
      ))}
    </ul>
  );
}

function FirstMessageForm({ restaurantId, knowledge, onSaved }: { restaurantId: string; knowledge: AssistantKnowledge; onSaved: (ok: boolean, message: string) => void }) {
  const [form] = Form.useForm<{ firstMessage: string }>();
  const save = useSaveFirstMessage(restaurantId);
  const submit = ({ firstMessage }: { firstMessage: string }) =>
    save.mutate(firstMessage, {
      onSuccess: () => onSaved(true, 'Le premier message a été enregistré.'),
      onError: () => onSaved(false, 'Une erreur est survenue lors de la sauvegarde. Veuillez réessayer.'),
    });
  return (
    <Form form={form} layout="vertical" initialValues={{ firstMessage: knowledge.first_message }} onFinish={submit}>
      {knowledge.first_message_is_default && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="Message proposé avec le nom de votre restaurant : il n’est pas encore enregistré. Modifiez-le ou enregistrez-le tel quel."
        />
      )}
      <Form.Item
        label="Premier message de l’assistant"
        name="firstMessage"
        extra="Ce que votre assistant dit en premier à chaque client."
        rules={[
          { required: true, whitespace: true, message: 'Le premier message ne peut pas être vide.' },
          { max: FIRST_MESSAGE_MAX_LENGTH, message: 'Le premier message ne doit pas dépasser 10 000 caractères.' },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={FIRST_MESSAGE_MAX_LENGTH} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {save.isPending ? 'Sauvegarde...' : 'Enregistrer le message'}
      </Button>
    </Form>
  );
}

function KnowledgeView({ restaurantId, k }: { restaurantId: string; k: AssistantKnowledge }) {
  const missing = k.completeness.missing;
  const week = describeWeek(k.days);
  const closed = closedDays(k.days);
  const diets = dietarySummary(k.menus);
  const gaps = (section: ProfileSection) => <MissingLinks restaurantId={restaurantId} missing={missing} section={section} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {k.completeness.complete ? (
        <Alert type="success" showIcon title={`${completenessLabel(0)} : votre assistant a tout ce qu’il faut pour répondre aux groupes.`} />
      ) : (
        <Alert
          type="warning"
          showIcon
          title={`${completenessLabel(missing.length)} : votre assistant ne peut pas encore répondre à tout.`}
          description={<MissingLinks restaurantId={restaurantId} missing={missing} />}
        />
      )}
      <Block title="Votre restaurant">
        <div>
          <strong>{k.restaurant.name || 'Restaurant sans nom'}</strong>
          {k.restaurant.address && ` — ${k.restaurant.address}`}
        </div>
        {k.restaurant.description && <div>{k.restaurant.description}</div>}
        <div>Équipements : {amenityLabels(k).length > 0 ? amenityLabels(k).join(', ') : 'aucun indiqué'}.</div>
        {gaps('information')}
      </Block>
      <Block title="Horaires et groupes">
        {week.length === 0 ? (
          <Typography.Paragraph>Aucun service ouvert.</Typography.Paragraph>
        ) : (
          <List
            size="small"
            dataSource={week}
            renderItem={(d) => (
              <List.Item>
                <div>
                  <strong>{d.day}</strong>
                  {d.services.map((s) => (
                    <div key={s}>{s}</div>
                  ))}
                </div>
              </List.Item>
            )}
          />
        )}
        {closed.length > 0 && <Typography.Paragraph style={{ margin: '8px 0 0' }}>Fermé : {closed.join(', ')}.</Typography.Paragraph>}
        {/* Older knowledge (before closures were added) has none. */}
        {(k.closures ?? []).length > 0 && <Typography.Paragraph style={{ margin: '8px 0 0' }}>Fermetures exceptionnelles : {describeClosures(k.closures).join(' ; ')}.</Typography.Paragraph>}
        <Typography.Paragraph style={{ margin: '8px 0 0' }}>Réponse aux demandes : {k.contact.response_time_label}.</Typography.Paragraph>
        {gaps('hours')}
      </Block>
      <Block title="Menus">
        {k.menus.length === 0 && <Typography.Paragraph>Aucun menu.</Typography.Paragraph>}
        {k.menus.map((m) => {
          const items = describeItems(m);
          const alternatives = describeAlternatives(m);
          return (
            <div key={m.id} style={{ marginBottom: 8 }}>
              <strong>{describeMenu(m)}</strong>
              {m.content && <div>{m.content}</div>}
              {items.length > 0 && <div>{items.join(' · ')}</div>}
              {alternatives.length > 0 && <div>Alternatives : {alternatives.join(' · ')}</div>}
            </div>
          );
        })}
        {gaps('menus')}
      </Block>
      <Block title="Régimes alimentaires">
        <Typography.Paragraph style={{ margin: 0 }}>Sans gluten : {diets.glutenFree.length > 0 ? diets.glutenFree.join(', ') : 'aucune alternative indiquée'}.</Typography.Paragraph>
        <Typography.Paragraph style={{ margin: 0 }}>Végan : {diets.vegan.length > 0 ? diets.vegan.join(', ') : 'aucune alternative indiquée'}.</Typography.Paragraph>
      </Block>
      <Block title="Options">
        {k.options.length === 0 ? (
          <Typography.Paragraph style={{ margin: 0 }}>Aucune option supplémentaire.</Typography.Paragraph>
        ) : (
          k.options.map((o) => <div key={o.id}>{describeOption(o)}</div>)
        )}
      </Block>
      <Block title="Acompte et paiement">
        {describePayment(k).map((line) => (
          <div key={line}>{line}</div>
        ))}
        {gaps('billing')}
      </Block>
      <Block title="Conditions d’annulation et de modification">
        {k.cgv ? describePolicies(k.cgv).map((line) => <div key={line}>{line}</div>) : <Typography.Paragraph style={{ margin: 0 }}>Aucune condition indiquée.</Typography.Paragraph>}
        {gaps('cgv')}
      </Block>
      <Block title="Questions fréquentes">
        {k.faq.length === 0 ? (
          <Typography.Paragraph style={{ margin: 0 }}>
            Aucune question.{' '}
            <Link to={restaurantPath(restaurantId, 'faq')} style={IN_TEXT_LINK}>
              Ajouter des questions fréquentes
            </Link>
          </Typography.Paragraph>
        ) : (
          k.faq.map((f) => (
            <div key={f.question} style={{ marginBottom: 4 }}>
              <strong>{f.question}</strong> {f.answer}
            </div>
          ))
        )}
      </Block>
    </Space>
  );
}

export function AssistantPage() {
  const { restaurantId = '' } = useParams();
  const knowledge = useQuery({ ...knowledgeQueryOptions(restaurantId), refetchOnMount: 'always' });
  // Asked with the knowledge, not after it: the keys' card renders once the knowledge is there.
  usePrefetchQuery(assistantKeysQueryOptions(restaurantId));
  usePrefetchQuery(requestPageQueryOptions(restaurantId));
  const { toast, showToast, closeToast } = useToast();
  return (
    <PageFrame title="Votre assistant">
      <Toast toast={toast} onClose={closeToast} />
      <QueryState query={knowledge} errorMessage="Erreur lors du chargement de votre assistant">
        {(k) => (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Block title="Premier message">
              <FirstMessageForm key={k.first_message} restaurantId={restaurantId} knowledge={k} onSaved={(ok, message) => showToast(ok ? 'success' : 'error', message)} />
            </Block>
            {/* The keys are the owners': a manager does not see them. */}
            <ForOwners restaurantId={restaurantId}>
              <AssistantKeysCard restaurantId={restaurantId} onResult={(ok, message) => showToast(ok ? 'success' : 'error', message)} />
            </ForOwners>
            <RequestPageCard restaurantId={restaurantId} name={k.restaurant.name} complete={k.completeness.complete} onResult={(ok, message) => showToast(ok ? 'success' : 'error', message)} />
            <WhatsappCard restaurantId={restaurantId} onResult={(ok, message) => showToast(ok ? 'success' : 'error', message)} />
            <RemindersCard
              restaurantId={restaurantId}
              restaurantName={k.restaurant.name}
              address={k.restaurant.address}
              onResult={(ok, message) => showToast(ok ? 'success' : 'error', message)}
            />
            <Typography.Title level={2} style={{ fontSize: 18, margin: '8px 0 0' }}>
              Ce que votre assistant dira à un groupe
            </Typography.Title>
            <KnowledgeView restaurantId={restaurantId} k={k} />
          </Space>
        )}
      </QueryState>
    </PageFrame>
  );
}
