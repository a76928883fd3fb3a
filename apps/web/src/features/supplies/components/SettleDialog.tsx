import { DownOutlined } from '@ant-design/icons';
import { MOVED_STATUS, type ReconciliationRow } from '@it4u/shared';
import { Button, Dropdown, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotificationApi } from '../../../components/feedback/NoticeProvider.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { useSettleMutations } from '../useReconciliation.ts';

const A = 'supplies.reconciliation.actions';
const UNDO_SECONDS = 10;

/** The ways a row's mismatch is settled. */
export type Settlement = 'recall' | 'move' | 'own';
export type Settle = { action: Settlement; row: ReconciliationRow };

/**
 * What settles a row: a device issued (and not moved on) is recalled when it is not where it should be, or issued to
 * the customer whose site has it; a device never issued is marked as the operator's own.
 */
export function settlementsOf(row: ReconciliationRow): Settlement[] {
  const out: Settlement[] = [];
  if (row.record && row.record.status !== MOVED_STATUS) {
    if ((row.case === 'elsewhere' || row.case === 'retired') && row.seen?.customer) out.push('move');
    if (row.case === 'notSeen' || row.case === 'offline' || row.case === 'elsewhere') out.push('recall');
  }
  if (row.case === 'unissued' && row.seen) out.push('own');
  return out;
}

/** How a row is named: its serial, else its MAC. */
export const deviceOf = (row: ReconciliationRow) =>
  row.record?.serialNum || row.seen?.serial || row.record?.mac || row.seen?.mac || '—';

const customerOf = (row: ReconciliationRow) => row.seen?.customer?.clientName ?? '—';

/** A row's "Settle" menu: each way its mismatch is settled, each asked in the dialog below. */
export function SettleButton({ row, onPick }: { row: ReconciliationRow; onPick: (s: Settle) => void }) {
  const { t } = useTranslation();
  const actions = settlementsOf(row);
  if (actions.length === 0) return null;
  const label = (a: Settlement) => (a === 'move' ? t(`${A}.move`, { customer: customerOf(row) }) : t(`${A}.${a}`));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: actions.map((a) => ({ key: a, label: label(a) })),
        onClick: ({ key }) => onPick({ action: key as Settlement, row }),
      }}
    >
      <Button size="small" aria-label={t(`${A}.label`, { serial: deviceOf(row) })}>
        {t(`${A}.column`)} <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}

/**
 * The settling asked, confirmed: what it changes said in words. A refusal keeps the dialog open with what was typed;
 * a device marked as the operator's own can be undone from the notice.
 */
export function SettleDialog({ asked, onClose }: { asked: Settle | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const notification = useNotificationApi();
  const settle = useSettleMutations();
  const [note, setNote] = useState('');
  const row = asked?.row;
  const device = row ? deviceOf(row) : '';
  const params = {
    serial: device,
    device,
    customer: row ? customerOf(row) : '',
    site: row?.seen?.site.sitename ?? '',
    from: row?.record?.contract?.clientName ?? '—',
  };
  const pending = settle.recall.isPending || settle.move.isPending || settle.own.isPending;

  const close = () => {
    setNote('');
    onClose();
  };
  const undo = async (mac: string, key: string, name: string) => {
    notification.destroy(key);
    try {
      await settle.unown.mutateAsync(mac);
      notice.success(t(`${A}.undone`, { device: name }));
    } catch (error) {
      notice.error(error);
    }
  };
  const confirm = async () => {
    if (!asked || !row) return;
    try {
      if (asked.action === 'recall' && row.record) {
        await settle.recall.mutateAsync(row.record.id);
        notice.success(t(`${A}.recalled`, params));
      } else if (asked.action === 'move' && row.record && row.seen) {
        await settle.move.mutateAsync({ id: row.record.id, site: row.seen.site.idname });
        notice.success(t(`${A}.moved`, params));
      } else if (asked.action === 'own' && row.seen) {
        const mac = row.seen.mac;
        await settle.own.mutateAsync({ mac, note: note.trim() });
        const key = `own-${mac}`;
        notification.success({
          key,
          // long enough to be read and undone (the other notices close after 3 s)
          duration: UNDO_SECONDS,
          title: t(`${A}.owned`, params),
          actions: (
            <Button size="small" onClick={() => void undo(mac, key, device)}>
              {t(`${A}.undo`)}
            </Button>
          ),
        });
      }
      close();
    } catch (error) {
      notice.error(error);
    }
  };

  const action = asked?.action;
  return (
    <Modal
      open={asked !== null}
      title={action && t(`${A}.${action}Title`, params)}
      okText={t(`${A}.confirm`)}
      cancelText={t(`${A}.cancel`)}
      confirmLoading={pending}
      onOk={() => void confirm()}
      onCancel={close}
      destroyOnHidden
    >
      {action && <Typography.Paragraph>{t(`${A}.${action}Text`, params)}</Typography.Paragraph>}
      {action === 'own' && (
        <>
          <label htmlFor="own-note">{t(`${A}.ownNote`)}</label>
          <Input id="own-note" maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
        </>
      )}
    </Modal>
  );
}
