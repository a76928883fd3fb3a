import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../../api/client.ts';
import { UploadErrorsModal } from '../../../components/UploadErrorsModal.tsx';
import { UploadProgressModal } from '../../../components/UploadProgressModal.tsx';
import { SPREADSHEET_ACCEPT } from '../../../components/uploadChecks.ts';
import { useDownload } from '../../../components/useDownload.ts';
import { useNotice } from '../../../components/useNotice.ts';
import { useSpreadsheetUpload } from '../../../components/useSpreadsheetUpload.ts';
import { type SheetKind, uploadPath } from '../paths.ts';
import { suppliesKeys } from '../queryKeys.ts';

type Props = {
  /** The upload endpoint and template of this table. */
  kind: SheetKind;
  /** Export: the query of the table as it is filtered now. */
  exportQuery?: Query;
  /** Nothing may be uploaded while a row is being edited. */
  disabled?: boolean;
};

/** Upload (.xlsx, .xls), template download and export of one supplies table. */
export function SpreadsheetActions({ kind, exportQuery, disabled }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const upload = useSpreadsheetUpload(uploadPath[kind], suppliesKeys.all);
  const download = useDownload();
  const phase = upload.phase;

  const onFile = async (file: File) => {
    const rows = await upload.read(file);
    if (!rows) return;
    upload.send(rows, { onSaved: (count) => notice.success(t('supplies.notices.uploaded', { count })) });
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
          {t('supplies.actions.upload')}
        </Button>
      </Upload>
      <Button
        icon={<FileExcelOutlined aria-hidden />}
        loading={download.pending === 'template'}
        onClick={() => download.run('template', `/it4u/template/${kind}`, `${kind}-template.xlsx`)}
      >
        {t('supplies.actions.template')}
      </Button>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        loading={download.pending === 'export'}
        onClick={() => download.run('export', `/it4u/export/${kind}`, `${kind}.xlsx`, exportQuery)}
      >
        {t('supplies.actions.export')}
      </Button>
      <UploadProgressModal phase={phase} title={t('common.upload.progressTitle')} />
      {upload.rejected && <UploadErrorsModal rows={upload.rejected} onClose={upload.clearRejected} />}
    </Space>
  );
}
