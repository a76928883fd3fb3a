import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { MAX_UPLOAD_BYTES, type RowError } from '@it4u/shared';
import { Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError, type Query } from '../../../api/client.ts';
import { readFirstSheet } from '../../../components/readSheet.ts';
import { UploadErrorsModal } from '../../../components/UploadErrorsModal.tsx';
import { type UploadPhase, UploadProgressModal } from '../../../components/UploadProgressModal.tsx';
import { checkSpreadsheetFile, rowErrorsOf, SPREADSHEET_ACCEPT } from '../../../components/uploadChecks.ts';
import { useDownload } from '../../../components/useDownload.ts';
import { useNotice } from '../../../components/useNotice.ts';
import type { SheetKind } from '../paths.ts';
import { useUploadSpreadsheetMutation } from '../useUploadSpreadsheetMutation.ts';

type Props = {
  /** The upload endpoint and template of this table. */
  kind: SheetKind;
  /** Export: the query of the table as it is filtered now. */
  exportQuery?: Query;
  /** Nothing may be uploaded while a row is being edited. */
  disabled?: boolean;
};

type Rejected = { message: string; rows: RowError[] } | null;

const MEGABYTE = 1024 * 1024;

/** Upload (.xlsx, .xls), template download and export of one supplies table. */
export function SpreadsheetActions({ kind, exportQuery, disabled }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const upload = useUploadSpreadsheetMutation(kind);
  const download = useDownload();
  const [phase, setPhase] = useState<UploadPhase>(null);
  const [rejected, setRejected] = useState<Rejected>(null);

  const onFile = async (file: File) => {
    const problem = checkSpreadsheetFile(file);
    if (problem) {
      notice.failure(t(`common.upload.${problem}`, { max: MAX_UPLOAD_BYTES / MEGABYTE }));
      return;
    }
    setPhase({ step: 'reading' });
    let rows: Awaited<ReturnType<typeof readFirstSheet>>;
    try {
      rows = await readFirstSheet(file);
    } catch {
      setPhase(null);
      notice.failure(t('common.upload.unreadable'));
      return;
    }
    if (rows.length === 0) {
      setPhase(null);
      notice.failure(t('common.upload.noRows'));
      return;
    }
    setPhase({ step: 'sending', percent: 0 });
    upload.mutate(
      { rows, onProgress: (fraction) => setPhase({ step: 'sending', percent: Math.round(fraction * 100) }) },
      {
        onSuccess: (answer) => {
          setPhase(null);
          notice.success(t('supplies.notices.uploaded', { count: answer?.saved ?? rows.length }));
        },
        onError: (error) => {
          setPhase(null);
          if (isHttpError(error) && error.statusCode === 422) {
            setRejected({ message: error.message, rows: rowErrorsOf(error.details) });
          } else if (isHttpError(error) && error.statusCode === 413) {
            notice.failure(t('common.upload.tooBig', { max: MAX_UPLOAD_BYTES / MEGABYTE }));
          } else if (isHttpError(error) && error.statusCode === 415) {
            notice.failure(t('common.upload.notSpreadsheet'));
          } else {
            notice.error(error);
          }
        },
      },
    );
  };

  return (
    <Space wrap>
      <Upload
        accept={SPREADSHEET_ACCEPT}
        showUploadList={false}
        maxCount={1}
        disabled={disabled || phase !== null}
        beforeUpload={(file) => {
          void onFile(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled || phase !== null}>
          {t('supplies.actions.upload')}
        </Button>
      </Upload>
      <Button
        icon={<FileExcelOutlined />}
        loading={download.pending === 'template'}
        onClick={() => download.run('template', `/it4u/template/${kind}`, `${kind}-template.xlsx`)}
      >
        {t('supplies.actions.template')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={download.pending === 'export'}
        onClick={() => download.run('export', `/it4u/export/${kind}`, `${kind}.xlsx`, exportQuery)}
      >
        {t('supplies.actions.export')}
      </Button>
      <UploadProgressModal phase={phase} title={t('common.upload.progressTitle')} />
      {rejected && (
        <UploadErrorsModal message={rejected.message} rows={rejected.rows} onClose={() => setRejected(null)} />
      )}
    </Space>
  );
}
