/**
 * 'Clients', /restaurants/{id}/operational/clients: the restaurant's guest book, one entry per person,
 * searched (name, e-mail, phone, company) and sorted (last visit, visits, spend) in the database, 50 a
 * page; the search, sort and page are kept in the address (?q=, ?tri=, ?page=). A row opens the customer.
 * Owners also see what the daily job will anonymise soon and choose how long the data is kept.
 */
import {
  CUSTOMER_LIST_PARAM,
  CUSTOMER_SEARCH_MAX_LENGTH,
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORT_PARAM_VALUES,
  CUSTOMERS_PAGE_SIZE,
  customerListQueryOptions,
  parseCustomerListParams,
  type CustomerListParams,
  type CustomerPage,
} from '@tablee/operations-data';
import { PageEmpty, PageError, PageFrame, QueryState, Toast, useToast } from '@tablee/shared';
import { isUuid, myRoleQuery, type CustomerListRow, type CustomerSort } from '@tablee/domain';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import { useQuery } from '@tanstack/react-query';
import { Grid, Input, Pagination, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ALLERGY_TAG_STYLE, formatCents, formatCount, formatCustomerPhone, formatLastVisit, TAG_STYLE } from '../format';
import { OwnerPrivacyPanel } from './OwnerPrivacyPanel';

const SEARCH_DELAY_MS = 300;
const TITLE = 'Clients';
const SUBTITLE = 'Le carnet de clients de votre établissement : leurs visites, leurs besoins, vos notes';
const SORTS = Object.keys(CUSTOMER_SORT_LABELS) as CustomerSort[];

function useCustomerListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseCustomerListParams(searchParams), [searchParams]);
  const update = useCallback(
    (change: Partial<CustomerListParams>, options?: { replace?: boolean }) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        const set = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key));
        if (change.search !== undefined) set(CUSTOMER_LIST_PARAM.search, change.search.trim());
        if (change.sort !== undefined) set(CUSTOMER_LIST_PARAM.sort, change.sort === 'last_visit' ? undefined : CUSTOMER_SORT_PARAM_VALUES[change.sort]);
        // Another search or sort starts at the first page.
        const page = change.page ?? (change.search !== undefined || change.sort !== undefined ? 1 : undefined);
        if (page !== undefined) set(CUSTOMER_LIST_PARAM.page, page > 1 ? String(page) : undefined);
        return next;
      }, options),
    [setSearchParams],
  );
  return { params, update };
}

export function CustomersPage() {
  const { restaurantId = '' } = useParams();
  const validId = isUuid(restaurantId);
  const { params, update } = useCustomerListParams();
  const list = useQuery({ ...customerListQueryOptions(restaurantId, params), enabled: validId });
  const role = useQuery({ ...myRoleQuery(restaurantId), enabled: validId });
  // 'Client effacé', said by the customer's page just left; and the owner's panel's toasts.
  const { toast, showToast, closeToast } = useToast();

  // The box writes to the address once typing pauses; the address (back button) writes back to the box.
  const [searchText, setSearchText] = useState(params.search);
  const [searchInUrl, setSearchInUrl] = useState(params.search);
  if (searchInUrl !== params.search) {
    setSearchInUrl(params.search);
    if (searchText.trim() !== params.search) setSearchText(params.search);
  }
  useEffect(() => {
    if (searchText.trim() === params.search) return;
    const timer = setTimeout(() => update({ search: searchText }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, params.search, update]);

  if (!validId)
    return (
      <PageFrame title={TITLE}>
        <PageError message="Restaurant ID vide ou invalide" />
      </PageFrame>
    );

  return (
    <PageFrame title={TITLE} subtitle={SUBTITLE}>
      <Toast toast={toast} onClose={closeToast} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
        <Input.Search
          aria-label="Rechercher un client"
          placeholder="Nom, e-mail, téléphone, entreprise"
          allowClear={{ clearIcon: <CloseCircleFilled aria-label="Effacer la recherche" /> }}
          maxLength={CUSTOMER_SEARCH_MAX_LENGTH}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          onSearch={(value) => update({ search: value }, { replace: true })}
          style={{ flex: '1 1 260px', maxWidth: 400 }}
        />
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flex: '0 1 auto' }}>
          <Typography.Text id="customers-sort-label">Trier par</Typography.Text>
          <Select<CustomerSort>
            aria-labelledby="customers-sort-label"
            value={params.sort}
            onChange={(sort) => update({ sort })}
            options={SORTS.map((sort) => ({ value: sort, label: CUSTOMER_SORT_LABELS[sort] }))}
            style={{ minWidth: 190 }}
          />
        </span>
      </div>
      <QueryState query={list} errorMessage="Erreur lors du chargement des clients" loadingLabel="Chargement des clients...">
        {(page) => <CustomerTable page={page} loading={list.isPlaceholderData} params={params} onPage={(p) => update({ page: p })} />}
      </QueryState>
      {role.data === 'owner' && <OwnerPrivacyPanel restaurantId={restaurantId} showToast={showToast} />}
    </PageFrame>
  );
}

function CustomerTable({ page, loading, params, onPage }: { page: CustomerPage; loading: boolean; params: CustomerListParams; onPage: (page: number) => void }) {
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const phone = !screens.md && !!(screens.xs || screens.sm);
  if (page.total === 0 && !loading)
    return params.search ? (
      <PageEmpty title="Aucun client ne correspond à votre recherche" />
    ) : (
      <PageEmpty title="Aucun client pour l'instant" description="Chaque demande de réservation ajoute son client à ce carnet." />
    );

  const open = (row: CustomerListRow) => navigate(encodeURIComponent(row.id));
  const columns: ColumnsType<CustomerListRow> = [
    {
      title: 'Client',
      key: 'name',
      render: (_, row) => (
        <div style={{ display: 'grid', gap: 2 }}>
          <Link to={encodeURIComponent(row.id)} onClick={(e) => e.stopPropagation()} style={{ fontWeight: 600 }}>
            {row.display_name || 'Sans nom'}
          </Link>
          {row.company && <Typography.Text type="secondary">{row.company}</Typography.Text>}
          {row.tags.length > 0 && (
            <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
              {row.tags.map((tag) => (
                <Tag key={tag} style={TAG_STYLE}>
                  {tag}
                </Tag>
              ))}
            </span>
          )}
        </div>
      ),
    },
    {
      title: 'Contact',
      key: 'contact',
      responsive: ['md'],
      render: (_, row) => (
        <div style={{ display: 'grid', gap: 2, wordBreak: 'break-word' }}>
          {row.email && <span>{row.email}</span>}
          {row.phone_e164 && <span style={{ whiteSpace: 'nowrap' }}>{formatCustomerPhone(row.phone_e164)}</span>}
        </div>
      ),
    },
    {
      title: 'Visites',
      key: 'visits',
      render: (_, row) => (
        <div style={{ display: 'grid', gap: 2 }}>
          <span style={{ whiteSpace: 'nowrap' }}>{formatCount(row.visits, 'visite')}</span>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {formatCount(row.covers, 'couvert')}
          </Typography.Text>
        </div>
      ),
    },
    { title: 'Dépensé', key: 'spent', align: 'right', render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatCents(row.spent_cents)}</span> },
    { title: 'Dernière visite', key: 'last', render: (_, row) => formatLastVisit(row.last_visit) },
    {
      title: 'Non venu / annulé',
      key: 'noshows',
      responsive: ['lg'],
      render: (_, row) => `${row.no_shows} / ${row.cancellations}`,
    },
    {
      title: 'Allergies, régimes',
      key: 'allergies',
      responsive: ['lg'],
      render: (_, row) => (
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          {row.allergies.map((a) => (
            <Tag key={a} style={ALLERGY_TAG_STYLE}>
              {a}
            </Tag>
          ))}
        </span>
      ),
    },
  ];
  return (
    <>
      <Typography.Text data-testid="customer-count">
        {page.total} client{page.total > 1 ? 's' : ''}
        {params.search ? ` pour « ${params.search} »` : ''}
      </Typography.Text>
      <Table<CustomerListRow>
        rowKey="id"
        columns={columns}
        dataSource={page.rows}
        loading={loading}
        size={phone ? 'small' : 'middle'}
        onRow={(row) => ({ onClick: () => open(row), style: { cursor: 'pointer' } })}
        pagination={false}
      />
      <Pagination align="end" current={params.page} pageSize={CUSTOMERS_PAGE_SIZE} total={page.total} showSizeChanger={false} hideOnSinglePage simple={phone} onChange={onPage} />
    </>
  );
}
