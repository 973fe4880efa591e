import { PageEmpty, PageError, PageFrame, PageLoading, userAtom } from '@tablee/shared';
import { Button, Card, List, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { listRestaurants, type RestaurantSummary } from '../api/listRestaurants';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; restaurants: RestaurantSummary[] };

/** /dashboard — 'Mes Restaurants' (spec §2). */
export function DashboardPage() {
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchList = useCallback(() => {
    if (!user) return;
    setLoad({ state: 'loading' });
    listRestaurants(user.id)
      .then((restaurants) => setLoad({ state: 'ready', restaurants }))
      .catch(() => setLoad({ state: 'error' }));
  }, [user]);
  useEffect(fetchList, [fetchList]);

  const add = (
    <Button type="primary" onClick={() => navigate('/onboarding/intro')}>
      Ajouter un restaurant
    </Button>
  );

  return (
    <PageFrame title="Mes Restaurants" actions={add}>
      {load.state === 'loading' && <PageLoading />}
      {load.state === 'error' && <PageError message="Erreur de chargement" onRetry={fetchList} />}
      {load.state === 'ready' && load.restaurants.length === 0 && <PageEmpty title="Aucun restaurant" />}
      {load.state === 'ready' && load.restaurants.length > 0 && (
        <List
          grid={{ gutter: 16, xs: 1, sm: 2, lg: 3 }}
          dataSource={load.restaurants}
          renderItem={(r) => (
            <List.Item>
              <Link to={`/restaurants/${r.id}`} style={{ display: 'block' }}>
                <Card hoverable>
                  <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                    {r.name || 'Restaurant sans nom'}
                  </Typography.Title>
                  <Typography.Paragraph style={{ margin: '4px 0 0', color: '#595959' }}>{r.address}</Typography.Paragraph>
                </Card>
              </Link>
            </List.Item>
          )}
        />
      )}
    </PageFrame>
  );
}
