import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import type { QueryKey } from '@tanstack/react-query';
import { Button, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../api/client.ts';
import { useDownload } from '../download/useDownload.ts';
import { useNotice } from '../feedback/useNotice.ts';
import { UploadErrorsModal } from './UploadErrorsModal.tsx';
import { UploadProgressModal } from './UploadProgressModal.tsx';
import { SPREADSHEET_ACCEPT } from './uploadChecks.ts';
import { useSpreadsheetUpload } from './useSpreadsheetUpload.ts';

type Props = {
  /** where the rows go (all or nothing) */
  uploadPath: string;
  templatePath: string;
  exportPath: string;
  /** the downloaded files' names: `${fileName}-template.xlsx`, `${fileName}.xlsx` */
  fileName: string;
  /** the queries refetched after an upload */
  invalidate: QueryKey;
  /** Export: the query of the table as it is filtered now. */
  exportQuery?: Query;
  /** Nothing may be uploaded while a row is being edited. */
  disabled?: boolean;
  labels: { upload: string; template: string; export: string; uploaded: (count: number) => string };
};

/** Upload (.xlsx, .xls), template download and export of one table. */
export function SheetActions({
  uploadPath,
  templatePath,
  exportPath,
  fileName,
  invalidate,
  exportQuery,
  disabled,
  labels,
}: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const upload = useSpreadsheetUpload(uploadPath, invalidate);
  const download = useDownload();
  const phase = upload.phase;

  const onFile = async (file: File) => {
    const rows = await upload.read(file);
    if (!rows) return;
    upload.send(rows, { onSaved: (count) => notice.success(labels.uploaded(count)) });
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
        <Button icon={<UploadOutlined aria-hidden />} disabled={disabled || phase !== null}>
          {labels.upload}
        </Button>
      </Upload>
      <Button
        icon={<FileExcelOutlined aria-hidden />}
        loading={download.pending === 'template'}
        onClick={() => download.run('template', templatePath, `${fileName}-template.xlsx`)}
      >
        {labels.template}
      </Button>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={download.pending === 'export'}
        onClick={() => download.run('export', exportPath, `${fileName}.xlsx`, exportQuery)}
      >
        {labels.export}
      </Button>
      <UploadProgressModal phase={phase} title={t('common.upload.progressTitle')} />
      {upload.rejected && <UploadErrorsModal rows={upload.rejected} onClose={upload.clearRejected} />}
    </Space>
  );
}
