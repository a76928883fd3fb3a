import { ClearOutlined, FileExcelOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Space, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathOf } from '../../../api/call.ts';
import { useDownload } from '../../../components/download/useDownload.ts';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import type { SheetRow } from '../../../components/upload/readSheet.ts';
import { rowErrorText } from '../../../components/upload/rowErrorText.ts';
import { UploadErrorsModal } from '../../../components/upload/UploadErrorsModal.tsx';
import { UploadProgressModal } from '../../../components/upload/UploadProgressModal.tsx';
import { SPREADSHEET_ACCEPT } from '../../../components/upload/uploadChecks.ts';
import { useSpreadsheetUpload } from '../../../components/upload/useSpreadsheetUpload.ts';
import { cellText, type PreviewRow, previewColumns, previewRows } from '../importPreview.ts';
import { channelKeys } from '../queryKeys.ts';

type Sheet = { fileName: string; rows: SheetRow[] };

const IMPORT_PATH = pathOf('POST /it4u/import/channel');

/** Import data: choose a spreadsheet, look at its rows, then send them (all or nothing). */
export function ImportTab() {
  const { t } = useTranslation();
  const notice = useNotice();
  const upload = useSpreadsheetUpload(IMPORT_PATH, channelKeys.all);
  const { phase, rejected } = upload;
  const download = useDownload();
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [showErrors, setShowErrors] = useState(false);

  const headers = useMemo(() => previewColumns(sheet?.rows ?? []), [sheet]);
  const preview = useMemo(() => previewRows(sheet?.rows ?? [], rejected ?? undefined), [sheet, rejected]);

  const onFile = async (file: File) => {
    const rows = await upload.read(file);
    if (!rows) return;
    upload.clearRejected();
    setSheet({ fileName: file.name, rows });
  };

  const clear = () => {
    setSheet(null);
    upload.clearRejected();
  };

  const send = () => {
    if (!sheet) return;
    upload.send(sheet.rows, {
      onSaved: (count) => {
        clear();
        notice.success(t('channels.import.imported', { count }));
      },
      // Nothing was saved: the rows stay, with their errors, to be fixed in the spreadsheet.
      onRefused: () => setShowErrors(true),
    });
  };

  const columns: RegisterColumn<PreviewRow>[] = [
    {
      key: 'rowNumber',
      title: t('common.upload.row'),
      dataIndex: 'rowNumber',
      width: 64,
      align: 'center',
      fixed: 'left',
    },
    ...(rejected
      ? [
          {
            key: 'errors',
            title: t('channels.import.error'),
            width: 260,
            render: (_: unknown, row: PreviewRow) =>
              row.errors.length > 0 ? (
                <Typography.Text type="danger">{row.errors.map((e) => rowErrorText(e, t)).join('; ')}</Typography.Text>
              ) : null,
          },
        ]
      : []),
    ...headers.map((header) => ({
      key: `col:${header}`,
      title: header,
      width: Math.min(Math.max(header.length * 9 + 24, 110), 220),
      ellipsis: true,
      render: (_: unknown, row: PreviewRow) => cellText(row.cells[header], header),
    })),
  ];

  const busy = phase !== null;
  return (
    <>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Upload
            accept={SPREADSHEET_ACCEPT}
            showUploadList={false}
            maxCount={1}
            disabled={busy}
            beforeUpload={(file) => {
              void onFile(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />} disabled={busy}>
              {t('channels.import.choose')}
            </Button>
          </Upload>
          {sheet && (
            <>
              <Button
                type="primary"
                icon={<SendOutlined aria-hidden />}
                loading={phase?.step === 'sending'}
                onClick={send}
              >
                {t('channels.import.send', { count: sheet.rows.length })}
              </Button>
              <Button icon={<ClearOutlined aria-hidden />} disabled={busy} onClick={clear}>
                {t('channels.import.clear')}
              </Button>
            </>
          )}
        </Space>
        <Button
          icon={<FileExcelOutlined aria-hidden />}
          loading={download.pending === 'template'}
          onClick={() => download.run('template', pathOf('GET /it4u/template/channel'), 'channel-template.xlsx')}
        >
          {t('channels.import.template')}
        </Button>
      </Space>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('channels.import.helpTitle')}
        description={
          <ul className="channel-help">
            <li>{t('channels.import.helpRows')}</li>
            <li>{t('channels.import.helpProvider')}</li>
            <li>{t('channels.import.helpContract')}</li>
            <li>{t('channels.import.helpStatus')}</li>
            <li>{t('channels.import.helpDates')}</li>
            <li>{t('channels.import.helpAllOrNothing')}</li>
          </ul>
        }
      />
      {sheet ? (
        <>
          <Space wrap style={{ marginBottom: 8 }}>
            <Typography.Text strong>
              {t('channels.import.previewTitle', { count: sheet.rows.length, file: sheet.fileName })}
            </Typography.Text>
            {rejected && (
              <Button size="small" danger type="link" onClick={() => setShowErrors(true)}>
                {t('channels.import.showErrors', { count: rejected.length })}
              </Button>
            )}
          </Space>
          <RegisterTable<PreviewRow>
            card={{ title: ['rowNumber', 'errors'] }}
            rowKey="key"
            size="small"
            bordered
            columns={columns}
            dataSource={preview}
            rowClassName={(row) => (row.errors.length > 0 ? 'import-error-row' : '')}
            scroll={{ x: 'max-content' }}
            pagination={{ defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [10, 50, 100, 200] }}
            aria-label={t('channels.import.previewLabel')}
          />
        </>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('channels.import.empty')} />
      )}
      <UploadProgressModal phase={phase} title={t('channels.import.progressTitle')} />
      {rejected && showErrors && <UploadErrorsModal rows={rejected} onClose={() => setShowErrors(false)} />}
    </>
  );
}
