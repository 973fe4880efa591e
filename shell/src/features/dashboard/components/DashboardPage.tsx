import { userAtom } from '@tablee/shared/supabase';
import { Toast, useToast } from '@tablee/shared/light';
import type { DashboardRestaurantStatistics } from '@tablee/domain';
import { accessLostMessage, completenessLabel, missingItemPath, OWNER_ONLY_PAGES, restaurantPath, resumeOnboardingPath, ROLE_LABELS, type AccessLostState } from '@tablee/domain';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LightEmpty, LightQueryState, LightWarning } from '../../../start/LightScreenStates';
import { useDashboardStatistics, useDeleteRestaurant, useRestaurantList, type RestaurantSummary } from '../api/listRestaurants';

type ConfirmModule = typeof import('./ConfirmDeleteModal');
/** The confirmation's chunk, asked on the first 'Supprimer' (not through React.lazy: see LoadedRoutes.tsx). */
const loadConfirm = () => import('./ConfirmDeleteModal');

/**
 * The cards' grid: one column on a phone, two from about 700 px, three on a desktop (a CSS grid rather
 * than antd's List, which brings its pagination and select, which the light start does without).
 */
const GRID = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))' } as const;
/** antd's Tag: the badges keep its look (.tl-tag in index.html), without antd. */
const TAG = { marginInlineEnd: 0 } as const;

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
    <span
      className="tl-tag"
      style={{ ...TAG, ...(count === 0 ? { color: '#135200', background: '#f6ffed', borderColor: '#135200' } : { color: '#874d00', background: '#fff7e6', borderColor: '#874d00' }) }}
    >
      {completenessLabel(count)}
    </span>
  );
  if (count === 0 || restaurant.onboardingUnfinished) return tag;
  return (
    <Link to={restaurantPath(restaurant.id, 'assistant')} aria-label={`${completenessLabel(count)} : voir ce qui manque à ${displayName(restaurant)}`}>
      {tag}
    </Link>
  );
}

/**
 * What the profile lacks, named, each item a link to the tab that fixes it (an owner's tab, for a manager,
 * only named: an owner completes it). An unfinished onboarding is resumed instead, from the card's links.
 */
function MissingItems({ restaurant }: { restaurant: RestaurantSummary }) {
  if (restaurant.missing.length === 0 || restaurant.onboardingUnfinished) return null;
  const ownersOnly = (section: string) => restaurant.role !== 'owner' && (OWNER_ONLY_PAGES as readonly string[]).includes(section);
  return (
    <ul aria-label={`Ce qui manque à ${displayName(restaurant)}`} style={{ margin: '8px 0 0', paddingInlineStart: 20, color: '#595959' }}>
      {restaurant.missing.map((m) => (
        <li key={m.item}>{ownersOnly(m.section) ? `${m.label} (à compléter par un propriétaire)` : <Link to={missingItemPath(restaurant.id, m)}>{m.label}</Link>}</li>
      ))}
    </ul>
  );
}

const count = new Intl.NumberFormat('fr-FR');
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });

/**
 * This month's figures (the 1st to today, Paris): requests received, answered on time, covers confirmed;
 * a link to the restaurant's 'Statistiques'. Nothing while they load or when they could not be read.
 */
function MonthFigures({ restaurant, figures }: { restaurant: RestaurantSummary; figures: DashboardRestaurantStatistics | undefined }) {
  if (!figures) return null;
  const onTime = figures.onTimeRate === null ? '—' : percent.format(figures.onTimeRate);
  return (
    <div data-testid="restaurant-statistics" style={{ margin: '8px 0 0' }}>
      <Link to={restaurantPath(restaurant.id, 'operational/statistics')} style={{ textDecoration: 'underline' }} aria-label={`Ce mois-ci : statistiques de ${displayName(restaurant)}`}>
        Ce mois-ci
      </Link>
      {` : ${count.format(figures.requests)} demande${figures.requests > 1 ? 's' : ''} · ${onTime} répondues à temps · ${count.format(figures.coversConfirmed)} couvert${figures.coversConfirmed > 1 ? 's' : ''}`}
    </div>
  );
}

/** The user's role in a restaurant's team, beside its name. */
function RoleBadge({ restaurant }: { restaurant: RestaurantSummary }) {
  const owner = restaurant.role === 'owner';
  return (
    <span
      className="tl-tag"
      data-testid="restaurant-role"
      style={{ ...TAG, ...(owner ? { color: '#8a3414', background: '#fbe9e1', borderColor: '#8a3414' } : { color: '#0c3a82', background: '#e6f4ff', borderColor: '#0c3a82' }) }}
    >
      {ROLE_LABELS[restaurant.role]}
    </span>
  );
}

/**
 * /dashboard — 'Mes Restaurants' (spec §2), each card with its requests, its completeness, and deletion.
 * `onShown`: called once the cards are on screen (the shell then asks ahead for the screen opened next).
 * Without antd: the light start of /dashboard draws this same page before the full
 * application is downloaded; its look is antd's (.tl-* in index.html), only the deletion dialog is antd's.
 */
export function DashboardPage({ onShown }: { onShown?: () => void }) {
  const user = useAtomValue(userAtom);
  const lostState = useLocation().state as Partial<AccessLostState> | null;
  const accessLost = lostState?.accessLost === true;
  const navigate = useNavigate();
  const restaurants = useRestaurantList(user?.id);
  const statistics = useDashboardStatistics(user?.id);
  const figuresOf = (id: string) => statistics.data?.find((s) => s.restaurantId === id);
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

  // The kernel's PageFrame (title and actions), drawn without antd.
  return (
    <section className="tl-page">
      <header className="tl-page-header">
        <h1 className="tl-h1">Mes Restaurants</h1>
        <button type="button" className="tl-btn tl-btn-primary" onClick={() => navigate('/onboarding/intro')}>
          Ajouter un restaurant
        </button>
      </header>
      {toDelete && confirm && <confirm.default name={displayName(toDelete)} onConfirm={() => deleteRestaurant(toDelete)} onClose={() => setToDelete(null)} />}
      <Toast toast={toast} onClose={closeToast} />
      {accessLost && <LightWarning>{accessLostMessage(lostState.restaurantName)}</LightWarning>}
      <LightQueryState query={restaurants}>
        {(list) =>
          list.length === 0 ? (
            <LightEmpty title="Aucun restaurant" />
          ) : (
            <ul style={GRID}>
              {list.map((r) => (
                <li key={r.id}>
                  {/* antd's Card with its actions, drawn without antd. */}
                  <div className="tl-card" data-testid="restaurant-card">
                    <div className="tl-card-body">
                      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 8 }}>
                        <h2 className="tl-h2">
                          <Link to={openPath(r)}>{displayName(r)}</Link>
                        </h2>
                        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4, justifyContent: 'flex-end' }}>
                          <RoleBadge restaurant={r} />
                          <CompletenessTag restaurant={r} />
                        </span>
                      </div>
                      <div style={{ margin: '4px 0 0', color: '#595959' }}>{r.address}</div>
                      <MissingItems restaurant={r} />
                      {r.onboardingUnfinished ? (
                        <div style={{ margin: '8px 0 0' }}>Ajout en cours : reprenez là où vous en étiez.</div>
                      ) : (
                        <div data-testid="restaurant-pending" style={{ margin: '8px 0 0' }}>
                          {r.pending === 0 ? 'Aucune demande en attente' : `${r.pending} demande${r.pending > 1 ? 's' : ''} en attente`}
                          {r.late > 0 && <strong style={{ color: '#a8071a' }}>{` · ${r.late} en retard`}</strong>}
                        </div>
                      )}
                      {!r.onboardingUnfinished && <MonthFigures restaurant={r} figures={figuresOf(r.id)} />}
                    </div>
                    <ul className="tl-card-actions">
                      <li style={{ width: r.role === 'owner' ? '50%' : '100%' }}>
                        <Link to={openPath(r)}>{resumes(r) ? 'Reprendre l’ajout' : 'Ouvrir'}</Link>
                      </li>
                      {/* Deleting the restaurant is its owners'. */}
                      {r.role === 'owner' && (
                        <li style={{ width: '50%' }}>
                          <button type="button" className="tl-btn tl-btn-link tl-btn-danger" onClick={() => askDelete(r)} aria-label={`Supprimer ${displayName(r)}`}>
                            Supprimer
                          </button>
                        </li>
                      )}
                    </ul>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </LightQueryState>
    </section>
  );
}
