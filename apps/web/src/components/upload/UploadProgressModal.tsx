import { Modal, Progress } from 'antd';
import { useTranslation } from 'react-i18next';

/** Where an upload is: the browser reads the file, then sends its rows (percent sent), or nothing is under way. */
export type UploadPhase = { step: 'reading' } | { step: 'sending'; percent: number } | null;

type Props = { phase: UploadPhase; title: string };

/** A modal that blocks the screen while a spreadsheet is read and sent, with the share sent so far. */
export function UploadProgressModal({ phase, title }: Props) {
  const { t } = useTranslation();
  return (
    <Modal open={phase !== null} title={title} footer={null} closable={false} mask={{ closable: false }}>
      <Progress percent={phase?.step === 'sending' ? phase.percent : 0} status="active" aria-label={title} />
      <p>
        {phase?.step === 'reading'
          ? t('common.upload.reading')
          : phase?.step === 'sending' && phase.percent >= 100
            ? t('common.upload.saving')
            : t('common.upload.sending')}
      </p>
    </Modal>
  );
}
