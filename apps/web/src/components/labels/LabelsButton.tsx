import { PrinterOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Radio, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotice } from '../feedback/useNotice.ts';
import { printHtml } from '../print/printHtml.ts';
import { A4_COLUMNS, A4_ROWS, type Label, type LabelLayout, type LabelSymbology, labelSheet } from './labelSheet.ts';

type Props = {
  /** the labels of the rows shown */
  labels: Label[];
  /** what the labels are of, for the dialog (“the items shown”, “the serials shown”) */
  what: string;
  disabled?: boolean;
};

/**
 * Print labels of the rows shown: a QR code or Code 128 with the code and its name, on an A4 sheet of 24 or on
 * 50 × 30 mm thermal labels, printed from the browser as the vouchers are.
 */
export function LabelsButton({ labels, what, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const [open, setOpen] = useState(false);
  const [layout, setLayout] = useState<LabelLayout>('a4');
  const [symbology, setSymbology] = useState<LabelSymbology>('QRCode');
  const [busy, setBusy] = useState(false);
  const none = labels.length === 0;

  const print = async () => {
    setBusy(true);
    try {
      const options = { layout, symbology, title: t('labels.title'), lang: i18n.language };
      const opened = await printHtml(() => labelSheet(labels, options), t('labels.preparing'));
      if (opened) setOpen(false);
      else notice.failure(t('vouchers.print.blocked'));
    } catch (error) {
      notice.error(error);
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button icon={<PrinterOutlined aria-hidden />} disabled={disabled || none} onClick={() => setOpen(true)}>
      {t('labels.button')}
    </Button>
  );
  return (
    <>
      {none && !disabled ? <Tooltip title={t('labels.none')}>{button}</Tooltip> : button}
      <Modal
        open={open}
        title={t('labels.title')}
        okText={t('labels.print')}
        cancelText={t('common.cancel')}
        confirmLoading={busy}
        onOk={() => void print()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('labels.count', { count: labels.length, what })}</Typography.Paragraph>
        <Flex vertical gap={12}>
          <Typography.Text strong id="labels-layout">
            {t('labels.layout')}
          </Typography.Text>
          <Radio.Group aria-labelledby="labels-layout" value={layout} onChange={(e) => setLayout(e.target.value)}>
            <Radio value="a4">{t('labels.a4', { count: A4_COLUMNS * A4_ROWS })}</Radio>
            <Radio value="thermal">{t('labels.thermal')}</Radio>
          </Radio.Group>
          <Typography.Text strong id="labels-symbology">
            {t('labels.symbology')}
          </Typography.Text>
          <Radio.Group
            aria-labelledby="labels-symbology"
            value={symbology}
            onChange={(e) => setSymbology(e.target.value)}
          >
            <Radio value="QRCode">{t('labels.qr')}</Radio>
            <Radio value="Code128">{t('labels.code128')}</Radio>
          </Radio.Group>
        </Flex>
      </Modal>
    </>
  );
}
