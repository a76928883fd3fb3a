import { STOCK_OUT_STATUSES, type StockKind, type StockOutStatus, type SupplyItem } from '@it4u/shared';
import { Form, Modal } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { isStatus } from '../../../api/errors.ts';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { DateRangeFilter } from '../../../components/filters/DateRangeFilter.tsx';
import { defaultRange, type PickedRange, toDateRange } from '../../../components/filters/dateRange.ts';
import { SelectFilter } from '../../../components/filters/SelectFilter.tsx';
import { formatNumber } from '../../../components/format/formatting.ts';
import { STATUS_KEYS } from '../../../components/format/stockStatus.ts';
import { LabelsButton } from '../../../components/labels/LabelsButton.tsx';
import { ScanButton } from '../../../components/scan/ScanButton.tsx';
import { EditableTable } from '../../../components/table/EditableTable.tsx';
import { HistoryButton } from '../../../components/table/HistoryButton.tsx';
import { useEditableRows } from '../../../components/table/useEditableRows.ts';
import { useAskedSearch, usePaging } from '../../../components/table/usePaging.ts';
import { useTableFilters } from '../../../components/table/useTableFilters.ts';
import { discard, isRetryLater, type KeptStockOut, keep, newRef, useKeptStockOuts } from '../../../offline/outbox.ts';
import { useCurrentUser } from '../../../session/useCurrentUser.ts';
import { fetchOnHand } from '../fetchOnHand.ts';
import {
  availableForRow,
  fromFormValues,
  newStockRow,
  type StockFormValues,
  type StockRow,
  toFormValues,
  toStockBody,
} from '../stockRow.ts';
import { useDeleteStockRecordMutation } from '../useDeleteStockRecordMutation.ts';
import { useSaveStockRecordMutation } from '../useSaveStockRecordMutation.ts';
import { useStockDraft } from '../useStockDraft.ts';
import { useStockRecordsQuery } from '../useStockRecordsQuery.ts';
import { KeptStockOuts } from './KeptStockOuts.tsx';
import { ScannedRowsModal } from './ScannedRowsModal.tsx';
import { SpreadsheetActions } from './SpreadsheetActions.tsx';
import { stockColumns } from './stockColumns.tsx';
import { UsageHistoryModal } from './UsageHistoryModal.tsx';

type Props = { kind: StockKind };

/** Form field names of the row in edit mode; the server's field errors name the body's fields. */
const FORM_FIELDS = new Set<keyof StockFormValues>([
  'exportDate',
  'licence',
  'itemCode',
  'number',
  'value',
  'supplier',
  'serialNum',
  'mac',
  'warrantyPeriod',
  'storageTerm',
  'warrantyLandmark',
  'note',
  'status',
  'contract',
]);
const BODY_TO_FORM: Record<string, keyof StockFormValues> = { contractId: 'contract' };

/**
 * The filters besides the search: this month by default, any status; from a day a link asked (`?from=`, epoch ms: a
 * customer's page, from its earliest stock-out) to today.
 */
const firstFilters = (from: number) => () => ({
  picked: from > 0 && from < Date.now() ? ([dayjs(from), dayjs()] as PickedRange) : defaultRange(),
  status: '' as StockOutStatus | '',
});

/** The columns shown only when a user asks for them (the others fit a 1440 px screen beside the menu). */
const STOCK_IN_HIDDEN = [
  'licence',
  'value',
  'totalAmount',
  'supplier',
  'mac',
  'macFormat',
  'warrantyPeriod',
  'storageTerm',
  'warrantyLandmark',
  'warrantyEnd',
  'note',
];
const STOCK_OUT_HIDDEN = [...STOCK_IN_HIDDEN, 'serialNum', 'buyer'];

/** Stock in (Nhập kho) or stock out (Xuất kho): a server-paged table with inline row editing. */
export function StockTab({ kind }: Props) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const notice = useNotice();
  // a customer's page opens the stock-outs searched for its contract (`?tab=stockOut&q=`)
  const asked = useAskedSearch();
  const [params] = useSearchParams();
  const paging = usePaging(kind === 'out' ? asked : '');
  const filters = useTableFilters(paging, firstFilters(kind === 'out' ? Number(params.get('from')) || 0 : 0));
  const { picked, status } = filters.values;
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  /** labels scanned in a row, to become a record each */
  const [scanned, setScanned] = useState<string[] | null>(null);
  const [checking, setChecking] = useState(false);
  const range = toDateRange(picked);
  const records = useStockRecordsQuery(kind, { ...paging.params, ...range, status });
  const save = useSaveStockRecordMutation(kind);
  const remove = useDeleteStockRecordMutation(kind);
  const rowForm = useEditableRows<StockRow, StockFormValues>({
    paging,
    toFormValues,
    fieldOf: (f) => {
      const name = (BODY_TO_FORM[f] ?? f) as keyof StockFormValues;
      return FORM_FIELDS.has(name) ? name : undefined;
    },
  });
  const { form, editing } = rowForm;
  const watched: Partial<StockFormValues> = Form.useWatch((values) => values, { form, preserve: true }) ?? {};
  const [modal, modalHolder] = Modal.useModal();
  // stock out: what this phone kept while the console could not be reached, and a refused one being fixed
  const me = useCurrentUser().data;
  const kept = useKeptStockOuts<StockRow>(kind === 'out' ? me?.id : undefined);
  const [fixing, setFixing] = useState<{ ref: string; row: StockRow } | null>(null);
  // a new row being typed survives a reload
  useStockDraft(kind, me?.id, editing.state.draft, watched, rowForm.addRow);

  if (isStatus(records.error, 403)) return <Navigate to="/403" replace />;

  /** Stock out: warn (but allow) when the quantity is more than the stock on hand. */
  const confirmStock = async (row: StockRow, values: StockFormValues): Promise<boolean> => {
    if (kind !== 'out') return true;
    setChecking(true);
    let onHand: number;
    try {
      onHand = await fetchOnHand(values.itemCode);
    } catch (error) {
      // without a network the stock on hand is not known: the record is kept all the same
      if (isRetryLater(error)) return true;
      notice.error(error);
      return false;
    } finally {
      setChecking(false);
    }
    const available = availableForRow(onHand, row, values.itemCode);
    if (values.number <= available) return true;
    return modal.confirm({
      title: t('supplies.stock.lowStockTitle'),
      content: t('supplies.stock.lowStock', {
        onHand: formatNumber(available, language),
        number: formatNumber(values.number, language),
      }),
      okText: t('supplies.stock.saveAnyway'),
      cancelText: t('common.cancel'),
    });
  };

  const onSave = async (row: StockRow) => {
    const values = await rowForm.validValues();
    if (!values) return;
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    if (!(offline && kind === 'out') && !(await confirmStock(row, values))) return;
    const body = toStockBody(values, kind);
    if (kind !== 'out' || row.id !== null || !me) {
      save.mutate({ id: row.id, body }, { onSuccess: () => rowForm.saved(row), onError: rowForm.showSaveError });
      return;
    }
    // a new stock-out carries its own key: kept on the phone when the network fails, it is stored once when sent
    const ref = newRef();
    const replaced = () => {
      if (fixing && fixing.row === row) discard(fixing.ref);
      setFixing(null);
    };
    const keepIt = () => {
      keep(me.id, ref, body, fromFormValues(values, row));
      replaced();
      rowForm.cancel();
      notice.info(t('offline.kept.saved'));
    };
    if (offline) return keepIt();
    save.mutate(
      { id: null, body: { ...body, clientRef: ref } },
      {
        onSuccess: () => {
          replaced();
          rowForm.saved(row);
        },
        onError: (error) => (isRetryLater(error) ? keepIt() : rowForm.showSaveError(error)),
      },
    );
  };

  /** A refused stock-out opened as a new row, to fix; saved, it replaces the refused one. */
  const onFix = (entry: KeptStockOut<StockRow>) => {
    const row = { ...entry.row, id: null };
    setFixing({ ref: entry.ref, row });
    rowForm.addRow(row);
  };

  const onPickItem = (item: SupplyItem) => form.setFieldsValue({ itemName: item.name, unit: item.unit });
  const statusLabel = (s: (typeof STOCK_OUT_STATUSES)[number]) => t(`supplies.status.${STATUS_KEYS[s]}`);

  return (
    <>
      {modalHolder}
      <KeptStockOuts kept={kept} onEdit={onFix} busy={editing.busy} />
      <EditableTable<StockRow, StockFormValues>
        rowForm={rowForm}
        query={records}
        paging={paging}
        toolbar={{
          filters,
          searchPlaceholder: t('supplies.stock.searchPlaceholder'),
          resetLabel: t('supplies.filter.reset'),
          addLabel: t('supplies.stock.addRow'),
          onAdd: () => rowForm.addRow(newStockRow(kind)),
          controls: (
            <>
              <DateRangeFilter
                value={picked}
                onChange={(next) => filters.set('picked', next)}
                disabled={editing.busy}
              />
              {kind === 'out' && (
                <SelectFilter
                  label={t('supplies.filter.status')}
                  allLabel={t('supplies.filter.allStatuses')}
                  options={STOCK_OUT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
                  value={status}
                  onChange={(next) => filters.set('status', next as StockOutStatus | '')}
                  width={170}
                  disabled={editing.busy}
                />
              )}
            </>
          ),
          actions: (
            <>
              <ScanButton
                several
                label={t('supplies.stock.scanSeveral')}
                what={t('supplies.stock.scanSeveral')}
                onScan={setScanned}
              />
              <LabelsButton
                what={t('labels.serialsShown')}
                disabled={editing.busy}
                labels={(records.data?.items ?? [])
                  .filter((r) => r.serialNum)
                  .map((r) => ({
                    code: r.serialNum,
                    name: r.itemName,
                    detail: [r.itemCode, r.macFormat || r.mac].filter(Boolean).join(' · '),
                  }))}
              />
              <SpreadsheetActions
                kind={kind === 'in' ? 'importWarehouse' : 'exportWarehouse'}
                disabled={editing.busy}
                exportQuery={{ q: paging.q, ...range, status: kind === 'out' ? status : undefined }}
              />
            </>
          ),
        }}
        index={{ title: t('supplies.columns.index'), newLabel: t('supplies.stock.newTag'), width: 60 }}
        columns={stockColumns({ kind, t, language, editing, watched, onPickItem })}
        card={{ title: ['itemCode', 'itemName'] }}
        chooser={{
          key: kind === 'in' ? 'stockIn' : 'stockOut',
          hidden: kind === 'in' ? STOCK_IN_HIDDEN : STOCK_OUT_HIDDEN,
        }}
        actions={{
          width: kind === 'out' ? 250 : 180,
          saving: save.isPending || checking,
          onSave,
          remove: remove.mutateAsync,
          extra:
            kind === 'out'
              ? (row, locked) => (
                  <HistoryButton
                    label={t('supplies.history.button')}
                    hint={row.serialNum ? undefined : t('supplies.history.noSerial')}
                    disabled={locked || !row.serialNum}
                    onClick={() => setHistoryOf(row.serialNum)}
                  />
                )
              : undefined,
        }}
      />
      {historyOf && <UsageHistoryModal serialNum={historyOf} onClose={() => setHistoryOf(null)} />}
      {scanned && <ScannedRowsModal kind={kind} codes={scanned} onClose={() => setScanned(null)} />}
    </>
  );
}
