import { PageEmpty, PageFrame, QueryState, Toast, userAtom, useToast } from '@tablee/shared';
import { ACCESS_LOST_MESSAGE, completenessLabel, restaurantPath, resumeOnboardingPath, ROLE_LABELS, type AccessLostState } from '@tablee/domain';
import { Alert, Button, Card, Tag, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useDeleteRestaurant, useRestaurantList, type RestaurantSummary } from '../api/listRestaurants';

type ConfirmModule = typeof import('./ConfirmDeleteModal');
/** The confirmation's chunk, asked on the first 'Supprimer' (not through React.lazy: see LoadedRoutes.tsx). */
const loadConfirm = () => import('./ConfirmDeleteModal');

/**
 * The cards' grid: one column on a phone, two from about 700 px, three on a desktop (a CSS grid rather
 * than antd's List, which brings its pagination and select: issue 34).
 */
const GRID = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))' } as const;

const displayName = (r: RestaurantSummary) => r.name || 'Restaurant sans nom';

/**
 * Where a card leads: an unfinished onboarding resumes at its first step with something missing;
 * a finished one opens the restaurant (spec §2: /restaurants/{id}), and its 'À compléter' tag what the assistant lacks.
 */
/** The onboarding is its owners' (its last step is Facturation): a manager opens an unfinished restaurant's pages instead. */
const resumes = (r: RestaurantSummary) => r.onboardingUnfinished && r.role === 'owner';
const openPath = (r: RestaurantSummary) => (resumes(r) ? resumeOnboardingPath(r.id, r.missing) : `/restaurants/${encodeURIComponent(r.id)}`);

function CompletenessTag({ restaurant }: { restaurant: RestaurantSummary }) {
  const count = restaurant.missing.length;
  const tag = (
    // The status badges' green and amber: dark enough on their background for WCAG AA.
    <Tag
      style={{ marginInlineEnd: 0, ...(count === 0 ? { color: '#135200', background: '#f6ffed', borderColor: '#135200' } : { color: '#874d00', background: '#fff7e6', borderColor: '#874d00' }) }}
    >
      {completenessLabel(count)}
    </Tag>
  );
  if (count === 0 || restaurant.onboardingUnfinished) return tag;
  return (
    <Link to={restaurantPath(restaurant.id, 'assistant')} aria-label={`${completenessLabel(count)} : voir ce qui manque à ${displayName(restaurant)}`}>
      {tag}
    </Link>
  );
}

/** The user's role in a restaurant's team (issue 33), beside its name. */
function RoleBadge({ restaurant }: { restaurant: RestaurantSummary }) {
  const owner = restaurant.role === 'owner';
  return (
    <Tag
      data-testid="restaurant-role"
      style={{ marginInlineEnd: 0, ...(owner ? { color: '#8a3414', background: '#fbe9e1', borderColor: '#8a3414' } : { color: '#0c3a82', background: '#e6f4ff', borderColor: '#0c3a82' }) }}
    >
      {ROLE_LABELS[restaurant.role]}
    </Tag>
  );
}

/**
 * /dashboard — 'Mes Restaurants' (spec §2), each card with its requests, its completeness, and deletion.
 * `onShown`: called once the cards are on screen (the shell then asks ahead for the screen opened next).
 */
export function DashboardPage({ onShown }: { onShown?: () => void }) {
  const user = useAtomValue(userAtom);
  const accessLost = (useLocation().state as Partial<AccessLostState> | null)?.accessLost === true;
  const navigate = useNavigate();
  const restaurants = useRestaurantList(user?.id);
  const shown = restaurants.isSuccess && restaurants.data.length > 0;
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);
  const remove = useDeleteRestaurant();
  const { toast, showToast, closeToast } = useToast();
  const [toDelete, setToDelete] = useState<RestaurantSummary | null>(null);
  const [confirm, setConfirm] = useState<ConfirmModule>();
  const askDelete = (r: RestaurantSummary) => {
    setToDelete(r);
    if (confirm) return;
    loadConfirm().then(setConfirm, (error: unknown) => {
      setToDelete(null);
      showToast('error', `Erreur lors de la suppression: ${error instanceof Error && error.message ? error.message : 'Erreur inconnue'}`);
    });
  };

  const deleteRestaurant = (r: RestaurantSummary) =>
    remove.mutateAsync(r.id).then(
      () => showToast('success', `« ${displayName(r)} » a été supprimé.`),
      (error: unknown) => showToast('error', `Erreur lors de la suppression: ${error instanceof Error && error.message ? error.message : 'Erreur inconnue'}`),
    );

  const add = (
    <Button type="primary" onClick={() => navigate('/onboarding/intro')}>
      Ajouter un restaurant
    </Button>
  );

  return (
    <PageFrame title="Mes Restaurants" actions={add}>
      {toDelete && confirm && <confirm.default name={displayName(toDelete)} onConfirm={() => deleteRestaurant(toDelete)} onClose={() => setToDelete(null)} />}
      <Toast toast={toast} onClose={closeToast} />
      {accessLost && <Alert type="warning" showIcon role="alert" title={ACCESS_LOST_MESSAGE} />}
      <QueryState query={restaurants}>
        {(list) =>
          list.length === 0 ? (
            <PageEmpty title="Aucun restaurant" />
          ) : (
            <ul style={GRID}>
              {list.map((r) => (
                <li key={r.id}>
                  <Card
                    data-testid="restaurant-card"
                    actions={[
                      // A link, styled as the button beside it (the card's actions grey their links).
                      <Link key="open" to={openPath(r)} style={{ color: 'var(--ant-color-link)', display: 'inline-block', lineHeight: '32px' }}>
                        {resumes(r) ? 'Reprendre l’ajout' : 'Ouvrir'}
                      </Link>,
                      // Deleting the restaurant is its owners' (issue 33).
                      ...(r.role === 'owner'
                        ? [
                            <Button key="delete" type="link" danger onClick={() => askDelete(r)} aria-label={`Supprimer ${displayName(r)}`}>
                              Supprimer
                            </Button>,
                          ]
                        : []),
                    ]}
                  >
                    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 8 }}>
                      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                        <Link to={openPath(r)}>{displayName(r)}</Link>
                      </Typography.Title>
                      <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4, justifyContent: 'flex-end' }}>
                        <RoleBadge restaurant={r} />
                        <CompletenessTag restaurant={r} />
                      </span>
                    </div>
                    <Typography.Paragraph style={{ margin: '4px 0 0', color: '#595959' }}>{r.address}</Typography.Paragraph>
                    {r.onboardingUnfinished ? (
                      <Typography.Paragraph style={{ margin: '8px 0 0' }}>Ajout en cours : reprenez là où vous en étiez.</Typography.Paragraph>
                    ) : (
                      <Typography.Paragraph data-testid="restaurant-pending" style={{ margin: '8px 0 0' }}>
                        {r.pending === 0 ? 'Aucune demande en attente' : `${r.pending} demande${r.pending > 1 ? 's' : ''} en attente`}
                        {r.late > 0 && <strong style={{ color: '#a8071a' }}>{` · ${r.late} en retard`}</strong>}
                      </Typography.Paragraph>
                    )}
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </PageFrame>
  );
}
