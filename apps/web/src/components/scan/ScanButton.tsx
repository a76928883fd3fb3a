import { ScanOutlined } from '@ant-design/icons';
import { Button, Input, type InputProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// the camera and its reader load with the first scan, never with the screen
const ScanModal = lazy(() => import('./ScanModal.tsx').then((m) => ({ default: m.ScanModal })));

type Props = {
  /** what the button scans, for its name ("Scan the serial number") */
  what: string;
  several?: boolean;
  onScan: (codes: string[]) => void;
  /** a button with its words (else an icon) */
  label?: string;
  /** inside a text field (a small icon without a border) */
  inline?: boolean;
};

/** A button that opens the camera and hands over what it read. */
export function ScanButton({ what, several, onScan, label, inline = false }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type={inline ? 'text' : 'default'}
        size={inline ? 'small' : 'middle'}
        icon={<ScanOutlined aria-hidden />}
        aria-label={label ? undefined : t('common.scan.button', { what })}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ScanModal
            several={several}
            onClose={() => setOpen(false)}
            onDone={(codes) => {
              setOpen(false);
              onScan(codes);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** A text field (of a form) with a scan button: a code read is typed into it, as if by hand. */
export function ScannableInput({
  value,
  onChange,
  ...props
}: Omit<InputProps, 'onChange'> & { 'aria-label': string; onChange?: (value: string) => void }) {
  return (
    <Input
      {...props}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      suffix={
        <ScanButton inline what={props['aria-label']} onScan={([code]) => code !== undefined && onChange?.(code)} />
      }
    />
  );
}
