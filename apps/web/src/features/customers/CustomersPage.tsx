import type { CustomerRow } from '@it4u/shared';
import { Card, Empty, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useListState } from '../../components/feedback/ListState.tsx';
import { type RegisterColumn, RegisterTable } from '../../components/table/RegisterTable.tsx';
import { SearchBox } from '../../components/table/TableToolbar.tsx';
import { usePaging } from '../../components/table/usePaging.ts';
import { useCan } from '../../session/useCan.ts';
import { useCustomersQuery } from './useCustomerQueries.ts';

/**
 * /customers: the customers (contracts of the register) the caller may open, searchable by name, contract number,
 * phone or address; a customer with one contract goes straight to its page.
 */
export function CustomersPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const paging = usePaging();
  const { page, pageSize } = paging;
  const list = useCustomersQuery(q, page, pageSize);
  const staff = useCan('allSites');
  const rows = list.data?.items ?? [];
  const state = useListState(list, {
    rows: rows.length,
    empty: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(q ? 'customers.noMatch' : 'customers.empty')} />,
  });
  // a customer with one contract: their page at once
  const only = !staff && !q && list.data?.total === 1 ? rows[0] : undefined;
  if (only) return <Navigate to={`/customers/${only.id}`} replace />;

  const columns: RegisterColumn<CustomerRow>[] = [
    {
      key: 'clientName',
      dataIndex: 'clientName',
      title: t('customers.columns.clientName'),
      render: (name: string, row) => <Link to={`/customers/${row.id}`}>{name}</Link>,
    },
    { key: 'numContract', dataIndex: 'numContract', title: t('customers.columns.numContract') },
    { key: 'phone', dataIndex: 'phone', title: t('customers.columns.phone'), render: (v: string) => v || '—' },
    { key: 'street', dataIndex: 'street', title: t('customers.columns.street'), render: (v: string) => v || '—' },
    {
      key: 'sites',
      dataIndex: 'sites',
      title: t('customers.columns.sites'),
      render: (sites: CustomerRow['sites']) =>
        sites.length ? (
          <Space size={4} wrap>
            {sites.map((s) => (
              <Typography.Text key={s.idname}>{s.sitename}</Typography.Text>
            ))}
          </Space>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Card title={t('customers.title')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <SearchBox
          placeholder={t('customers.search')}
          maxLength={200}
          allowClear
          onSearch={(value) => {
            setQ(value.trim());
            paging.toFirstPage();
          }}
        />
      </Space>
      {state.alert}
      <RegisterTable<CustomerRow>
        aria-label={t('customers.title')}
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={state.loading}
        card={{ title: ['clientName', 'numContract'], fields: ['phone', 'street', 'sites'] }}
        pagination={{ current: page, pageSize, total: list.data?.total ?? 0, onChange: paging.changePage }}
        locale={state.locale}
      />
    </Card>
  );
}
