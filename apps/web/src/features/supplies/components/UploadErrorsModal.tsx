import type { RowError } from '@it4u/shared';
import { Alert, Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = { message: string; rows: RowError[]; onClose: () => void };

/** A 422 answer to an upload: nothing was saved; every bad row with its reason. */
export function UploadErrorsModal({ message, rows, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('supplies.upload.rejectedTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('supplies.upload.close')}
        </Button>
      }
      width={640}
    >
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('supplies.upload.nothingSaved', { count: rows.length })}
        description={message || undefined}
      />
      <Table<RowError>
        size="small"
        rowKey={(row) => `${row.row}-${row.reason}`}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 360 }}
        aria-label={t('supplies.upload.rowsLabel')}
        columns={[
          { key: 'row', title: t('supplies.upload.row'), dataIndex: 'row', width: 90 },
          { key: 'reason', title: t('supplies.upload.reason'), dataIndex: 'reason' },
        ]}
      />
    </Modal>
  );
}
