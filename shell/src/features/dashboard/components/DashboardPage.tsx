import { PageEmpty, PageFrame, QueryState, userAtom } from '@tablee/shared';
import { Button, Card, List, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { Link, useNavigate } from 'react-router';
import { useRestaurantList } from '../api/listRestaurants';

/** /dashboard — 'Mes Restaurants' (spec §2). */
export function DashboardPage() {
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const restaurants = useRestaurantList(user?.id);

  const add = (
    <Button type="primary" onClick={() => navigate('/onboarding/intro')}>
      Ajouter un restaurant
    </Button>
  );

  return (
    <PageFrame title="Mes Restaurants" actions={add}>
      <QueryState query={restaurants}>
        {(list) =>
          list.length === 0 ? (
            <PageEmpty title="Aucun restaurant" />
          ) : (
            <List
              grid={{ gutter: 16, xs: 1, sm: 2, lg: 3 }}
              dataSource={list}
              renderItem={(r) => (
                <List.Item>
                  <Link to={`/restaurants/${r.id}`} style={{ display: 'block' }}>
                    <Card hoverable>
                      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
                        {r.name || 'Restaurant sans nom'}
                      </Typography.Title>
                      <Typography.Paragraph style={{ margin: '4px 0 0', color: '#595959' }}>{r.address}</Typography.Paragraph>
                      <Typography.Paragraph data-testid="restaurant-pending" style={{ margin: '8px 0 0' }}>
                        {r.pending === 0 ? 'Aucune demande en attente' : `${r.pending} demande${r.pending > 1 ? 's' : ''} en attente`}
                        {r.late > 0 && <strong style={{ color: '#a8071a' }}>{` · ${r.late} en retard`}</strong>}
                      </Typography.Paragraph>
                    </Card>
                  </Link>
                </List.Item>
              )}
            />
          )
        }
      </QueryState>
    </PageFrame>
  );
}
