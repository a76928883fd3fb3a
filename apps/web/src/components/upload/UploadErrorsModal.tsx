import type { RowError } from '@it4u/shared';
import { Alert, Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { rowErrorText } from './rowErrorText.ts';

type Props = { rows: RowError[]; onClose: () => void };

/** A 422 answer to an upload: nothing was saved; every bad row with its reason. */
export function UploadErrorsModal({ rows, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('common.upload.rejectedTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.upload.close')}
        </Button>
      }
      width={640}
    >
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('common.upload.nothingSaved', { count: rows.length })}
      />
      <Table<RowError>
        size="small"
        rowKey={(row) => `${row.row}-${row.reason}`}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 360 }}
        aria-label={t('common.upload.rowsLabel')}
        columns={[
          { key: 'row', title: t('common.upload.row'), dataIndex: 'row', width: 90 },
          { key: 'reason', title: t('common.upload.reason'), render: (_, row) => rowErrorText(row, t) },
        ]}
      />
    </Modal>
  );
}
