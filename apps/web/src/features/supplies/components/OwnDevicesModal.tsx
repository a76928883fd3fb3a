import type { OwnDevice } from '@it4u/shared';
import { Button, Empty, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListState } from '../../../components/feedback/ListState.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { formatDateTime } from '../../../components/format/formatting.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { useOwnDevicesQuery, useSettleMutations } from '../useReconciliation.ts';

const A = 'supplies.reconciliation.actions';

/** The devices marked as the operator's own, each with who marked it and when, and its undo. */
export function OwnDevicesModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const own = useOwnDevicesQuery();
  const { unown } = useSettleMutations();
  const rows = own.data ?? [];
  const state = useListState(own, {
    rows: rows.length,
    empty: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${A}.ownEmpty`)} />,
  });
  const unmark = async (mac: string) => {
    try {
      await unown.mutateAsync(mac);
      notice.success(t(`${A}.undone`, { device: mac }));
    } catch (error) {
      notice.error(error);
    }
  };
  const columns: RegisterColumn<OwnDevice>[] = [
    {
      key: 'mac',
      title: t('supplies.reconciliation.columns.mac'),
      render: (_, d) => <Typography.Text code>{d.mac}</Typography.Text>,
    },
    { key: 'note', title: t(`${A}.note`), render: (_, d) => d.note || '—' },
    { key: 'markedBy', title: t(`${A}.markedBy`), render: (_, d) => d.markedBy || '—' },
    { key: 'markedAt', title: t(`${A}.markedAt`), render: (_, d) => formatDateTime(d.markedAt) },
    {
      key: 'unmark',
      title: t(`${A}.unmarkButton`),
      render: (_, d) => (
        <Button
          size="small"
          loading={unown.isPending && unown.variables === d.mac}
          aria-label={t(`${A}.unmark`, { device: d.mac })}
          onClick={() => void unmark(d.mac)}
        >
          {t(`${A}.unmarkButton`)}
        </Button>
      ),
    },
  ];
  return (
    <Modal open title={t(`${A}.ownListTitle`)} footer={null} onCancel={onClose} width={760}>
      {state.alert}
      <RegisterTable<OwnDevice>
        aria-label={t(`${A}.ownListTitle`)}
        card={{ title: ['mac'], actions: 'unmark', fields: ['note', 'markedBy', 'markedAt'] }}
        rowKey="mac"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={state.loading}
        locale={state.locale}
        pagination={false}
        scroll={{ y: 360 }}
      />
    </Modal>
  );
}
