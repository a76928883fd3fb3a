import { DownloadOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { pathOf } from '../../../api/call.ts';
import { isStatus } from '../../../api/errors.ts';
import { useDownload } from '../../../components/download/useDownload.ts';
import { DateRangeFilter } from '../../../components/filters/DateRangeFilter.tsx';
import { type PickedRange, toDateRange } from '../../../components/filters/dateRange.ts';
import { EditableTable } from '../../../components/table/EditableTable.tsx';
import { HistoryButton } from '../../../components/table/HistoryButton.tsx';
import { useEditableRows } from '../../../components/table/useEditableRows.ts';
import { useAskedSearch, usePaging } from '../../../components/table/usePaging.ts';
import { useTableFilters } from '../../../components/table/useTableFilters.ts';
import {
  type DetailFormValues,
  type DetailRow,
  newDetailRow,
  statusChange,
  toDetailBody,
  toFormValues,
} from '../detailRow.ts';
import { statusRowClass } from '../statuses.ts';
import { useDeleteDetailMutation } from '../useDeleteDetailMutation.ts';
import { detailFilters, useDetailsQuery } from '../useDetailsQuery.ts';
import { useSaveDetailMutation } from '../useSaveDetailMutation.ts';
import { ChannelFilters } from './ChannelFilters.tsx';
import { DETAIL_HIDDEN, detailColumns } from './detailColumns.tsx';
import { HistoryModal } from './HistoryModal.tsx';

/** Form field names of the row in edit mode; the server's field errors name the body's fields. */
const BODY_TO_FORM: Record<string, string> = { channelAttributeId: 'channel', contractId: 'contract' };

/** The filters besides the search: any status, any provider, any date at first. */
type Filters = { status: string; providerId: number | null; picked: PickedRange | null };
const firstFilters = (): Filters => ({ status: '', providerId: null, picked: null });

type HistoryOf = { attributeId: number; name: string } | null;

/** Channel details (Chi tiết kênh truyền): a server-paged table with inline row editing. */
export function DetailsTab() {
  const { t, i18n } = useTranslation();
  // a customer's page opens the register searched for its contract (`?q=`)
  const paging = usePaging(useAskedSearch());
  const filters = useTableFilters(paging, firstFilters);
  const { status, providerId, picked } = filters.values;
  const download = useDownload();
  const [historyOf, setHistoryOf] = useState<HistoryOf>(null);
  const range = picked ? toDateRange(picked) : { fromDate: null, toDate: null };
  const params = { ...paging.params, status, providerId, ...range };
  const details = useDetailsQuery(params);
  const rowForm = useEditableRows<DetailRow, DetailFormValues>({
    paging,
    toFormValues,
    fieldOf: (f) => BODY_TO_FORM[f] ?? f,
  });
  const { form, editing } = rowForm;
  const save = useSaveDetailMutation();
  const remove = useDeleteDetailMutation();
  const watched: Partial<DetailFormValues> = Form.useWatch((values) => values, { form, preserve: true }) ?? {};

  if (isStatus(details.error, 403)) return <Navigate to="/403" replace />;

  const onSave = async (row: DetailRow) => {
    const values = await rowForm.validValues();
    if (!values) return;
    save.mutate(
      { body: toDetailBody(values, row), status: statusChange(values) },
      { onSuccess: () => rowForm.saved(row), onError: rowForm.showSaveError },
    );
  };

  const exportQuery = {
    ...detailFilters(params),
    fromDate: range.fromDate ?? undefined,
    toDate: range.toDate ?? undefined,
  };
  return (
    <>
      <EditableTable<DetailRow, DetailFormValues>
        rowForm={rowForm}
        query={details}
        paging={paging}
        toolbar={{
          filters,
          searchPlaceholder: t('channels.details.searchPlaceholder'),
          resetLabel: t('channels.filter.reset'),
          addLabel: t('channels.details.addRow'),
          onAdd: () => rowForm.addRow(newDetailRow()),
          controls: (
            <>
              <ChannelFilters
                providerId={providerId}
                status={status}
                disabled={editing.busy}
                onProvider={(id) => filters.set('providerId', id)}
                onStatus={(s) => filters.set('status', s)}
              />
              <DateRangeFilter
                allowClear
                value={picked}
                disabled={editing.busy}
                onChange={(next) => filters.set('picked', next)}
              />
            </>
          ),
          actions: (
            <Button
              icon={<DownloadOutlined aria-hidden />}
              disabled={editing.busy}
              loading={download.pending === 'export'}
              onClick={() => download.run('export', pathOf('GET /it4u/export/channel'), 'channels.xlsx', exportQuery)}
            >
              {t('channels.details.export')}
            </Button>
          ),
          hint: picked && <div className="channel-range-hint">{t('channels.details.rangeHint')}</div>,
        }}
        index={{ title: t('channels.fields.index'), newLabel: t('channels.details.newTag'), width: 56 }}
        columns={detailColumns({
          t,
          language: i18n.language,
          editing,
          watched,
          onPickChannel: (channel) => form.setFieldsValue({ channel, status: channel?.status }),
        })}
        card={{ title: ['channel', 'contract'] }}
        chooser={{ key: 'channelDetails', hidden: DETAIL_HIDDEN }}
        actions={{
          width: 250,
          saving: save.isPending,
          onSave,
          remove: remove.mutateAsync,
          extra: (row, locked) => (
            <HistoryButton
              label={t('channels.history.button')}
              disabled={locked || !row.channelAttribute}
              onClick={() => {
                const channel = row.channelAttribute;
                if (channel) setHistoryOf({ attributeId: channel.id, name: channel.name });
              }}
            />
          ),
        }}
        rowClassName={(row) => statusRowClass(row.channelAttribute?.status)}
      />
      {historyOf && (
        <HistoryModal attributeId={historyOf.attributeId} name={historyOf.name} onClose={() => setHistoryOf(null)} />
      )}
    </>
  );
}
