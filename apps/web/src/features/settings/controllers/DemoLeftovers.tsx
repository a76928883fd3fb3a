import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Popconfirm, Typography } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call.ts';
import { CONFIRM_STYLES } from '../../../components/feedback/confirmStyles.ts';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { sessionKeys } from '../../../session/sessionKeys.ts';
import { settingsKeys } from '../queryKeys.ts';

const K = 'settings.parameters.demoLeft';
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * Once a real controller is in use, the offer to remove what the demo made (its sites, its DEMO-… customers, its
 * routers' WAN history, its warehouse records), listed, in one step. Nothing shows while the demo is in use or when nothing is left.
 */
export function DemoLeftovers() {
  const { t } = useTranslation();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const left = useQuery({ queryKey: settingsKeys.demo(), queryFn: () => call('GET /it4u/demo') });
  const remove = useMutation({
    mutationFn: () => call('DELETE /it4u/demo'),
    onSuccess: (removed) => {
      notice.success(
        t(`${K}.removed`, { sites: removed.sites, customers: removed.customers, stock: removed.stockRecords }),
      );
      // every screen may have shown the demo's sites and customers
      return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
    },
    onError: (error) => notice.error(error),
  });
  const data = left.data;
  if (
    !data ||
    data.demoInUse ||
    (data.sites.length === 0 && data.customers.length === 0 && data.wanSites.length === 0 && data.stockRecords === 0)
  ) {
    return null;
  }
  const counts = {
    sites: data.sites.length,
    customers: data.customers.length,
    wan: data.wanSites.length,
    stock: data.stockRecords,
  };
  return (
    <Alert
      type="info"
      showIcon
      message={t(`${K}.title`)}
      description={
        <Flex vertical gap={8} align="start">
          <Typography.Text>{t(`${K}.what`, counts)}</Typography.Text>
          <Typography.Text type="secondary">
            {data.customers.map((c, i) => (
              <Fragment key={c.numContract}>
                {i > 0 ? ' · ' : null}
                {/* a number is read as one piece: never split at its hyphen */}
                <span style={NOWRAP}>{c.numContract}</span> {c.clientName}
              </Fragment>
            ))}
          </Typography.Text>
          <Popconfirm
            title={t(`${K}.confirm`, counts)}
            okText={t(`${K}.remove`)}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            styles={CONFIRM_STYLES}
            onConfirm={() => remove.mutateAsync().catch(() => {})}
          >
            <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
              {t(`${K}.remove`)}
            </Button>
          </Popconfirm>
        </Flex>
      }
    />
  );
}
