import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeList } from './CodeList.tsx';
import { codeReader } from './readCodes.ts';

type Props = {
  /** several codes in a row (each a row of the register), or the first one read */
  several?: boolean;
  /** the codes read, in the order they were read */
  onDone: (codes: string[]) => void;
  onClose: () => void;
};

type Failure = 'denied' | 'noCamera' | 'failed';

/** A frame is read every so often (a phone's battery), at most this wide (a label does not need more). */
const READ_EVERY_MS = 200;
const FRAME_WIDTH = 960;

function failureOf(error: unknown): Failure {
  const name = (error as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  return 'failed';
}

/**
 * The phone's camera (the one at the back where there are two) reading labels: Code 128, QR and Data Matrix. One code
 * closes it with that code; with `several`, each new code is added to a list (a code read twice is kept once) until
 * the user says they are done. The camera is let go as soon as the dialog closes.
 */
export function ScanModal({ several = false, onDone, onClose }: Props) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [reading, setReading] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  const done = useRef({ several, onDone });
  done.current = { several, onDone };

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    const seen = new Set<string>();
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia)
          throw Object.assign(new Error('no camera'), { name: 'NotFoundError' });
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped) return;
        const element = video.current;
        if (!element) return;
        element.srcObject = stream;
        await element.play();
        const read = await codeReader();
        setReading(true);
        const canvas = document.createElement('canvas');
        const context = canvas.getContext('2d', { willReadFrequently: true });
        while (!stopped && context) {
          const scale = Math.min(1, FRAME_WIDTH / (element.videoWidth || FRAME_WIDTH));
          canvas.width = Math.round((element.videoWidth || 640) * scale);
          canvas.height = Math.round((element.videoHeight || 480) * scale);
          context.drawImage(element, 0, 0, canvas.width, canvas.height);
          const found = await read(context.getImageData(0, 0, canvas.width, canvas.height)).catch(() => []);
          if (stopped) return;
          const fresh = found.filter((code) => !seen.has(code));
          for (const code of fresh) seen.add(code);
          if (fresh.length > 0) {
            if (!done.current.several) {
              stopped = true;
              done.current.onDone(fresh.slice(0, 1));
              return;
            }
            setCodes((list) => [...list, ...fresh]);
          }
          await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
        }
      } catch (error) {
        if (!stopped) setFailure(failureOf(error));
      }
    })();
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Modal
      open
      title={t(several ? 'common.scan.titleSeveral' : 'common.scan.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        several ? (
          <Flex justify="end" gap={8}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" disabled={codes.length === 0} onClick={() => onDone(codes)}>
              {t('common.scan.useCodes', { count: codes.length })}
            </Button>
          </Flex>
        ) : (
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        )
      }
    >
      <Flex vertical gap={12}>
        {failure ? (
          <Alert type="error" showIcon role="alert" title={t(`common.scan.failure.${failure}`)} />
        ) : (
          <Typography.Text role="status" aria-live="polite">
            {t(reading ? 'common.scan.pointAt' : 'common.scan.starting')}
          </Typography.Text>
        )}
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('common.scan.camera')}
          style={{ width: '100%', maxHeight: '50vh', background: '#000', display: failure ? 'none' : 'block' }}
        />
        {several && codes.length > 0 && (
          <CodeList codes={codes} onRemove={(code) => setCodes((list) => list.filter((c) => c !== code))} />
        )}
      </Flex>
    </Modal>
  );
}
