import { LoginOutlined } from '@ant-design/icons';
import type { DeviceInfo } from '@it4u/shared';
import { DEVICE_ALL_ROWS, DEVICE_PAGE_SIZES } from '@it4u/shared';
import { Alert, Button, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { pathOf } from '../../../api/call.ts';
import { isStatus } from '../../../api/errors.ts';
import { EditableTable } from '../../../components/table/EditableTable.tsx';
import { useEditableRows } from '../../../components/table/useEditableRows.ts';
import { useAskedSearch, usePaging } from '../../../components/table/usePaging.ts';
import { useTableFilters } from '../../../components/table/useTableFilters.ts';
import { SheetActions } from '../../../components/upload/SheetActions.tsx';
import { useCan } from '../../../session/useCan.ts';
import { useMySitesQuery } from '../../../session/useMySitesQuery.ts';
import { ConnectModal } from '../../terminal/components/ConnectModal.tsx';
import type { TerminalTarget } from '../../terminal/terminal.ts';
import {
  allRowsCapped,
  type DeviceFormValues,
  type DeviceRow,
  formFieldOf,
  newDeviceRow,
  toDeviceBody,
  toFormValues,
} from '../deviceRow.ts';
import { deviceInfoKeys } from '../queryKeys.ts';
import { useDeleteDeviceInfoMutation, useSaveDeviceInfoMutation } from '../useDeviceInfoMutations.ts';
import { useDeviceInfoQuery } from '../useDeviceInfoQuery.ts';
import { DEVICE_HIDDEN_COLUMNS, deviceColumns } from './deviceColumns.tsx';

const noFilters = () => ({});

/** Device information (/clientDeviceInf): one row per customer device set, edited in place. */
export function DeviceInfoTab({ onConnect }: { onConnect: (target: TerminalTarget) => void }) {
  const { t, i18n } = useTranslation();
  // a customer's page opens the register searched for its contract (`?q=`)
  const paging = usePaging(useAskedSearch());
  const filters = useTableFilters(paging, noFilters);
  const devices = useDeviceInfoQuery(paging.params);
  const sites = useMySitesQuery();
  const save = useSaveDeviceInfoMutation();
  const remove = useDeleteDeviceInfoMutation();
  const canReveal = useCan('terminal');
  const [connecting, setConnecting] = useState<DeviceInfo | null>(null);
  const rowForm = useEditableRows<DeviceRow, DeviceFormValues>({ paging, toFormValues, fieldOf: formFieldOf });
  const { form, editing } = rowForm;
  const watched: Partial<DeviceFormValues> = Form.useWatch((values) => values, { form, preserve: true }) ?? {};

  if (isStatus(devices.error, 403)) return <Navigate to="/403" replace />;

  const onSave = async (row: DeviceRow) => {
    const values = await rowForm.validValues();
    if (!values) return;
    save.mutate(
      { id: row.id, body: toDeviceBody(values, row) },
      { onSuccess: () => rowForm.saved(row), onError: rowForm.showSaveError },
    );
  };

  const sizeOptions = [
    ...DEVICE_PAGE_SIZES.map((n) => ({ value: n, label: String(n) })),
    { value: DEVICE_ALL_ROWS, label: t('deviceInfo.allRows') },
  ];

  const total = devices.data?.total ?? 0;
  const number = (n: number) => n.toLocaleString(i18n.language);

  return (
    <>
      {allRowsCapped(paging.pageSize, total, DEVICE_ALL_ROWS) && (
        <Alert
          type="warning"
          showIcon
          role="status"
          style={{ marginBottom: 12 }}
          title={t('deviceInfo.allCapped', { max: number(DEVICE_ALL_ROWS), total: number(total) })}
        />
      )}
      <EditableTable<DeviceRow, DeviceFormValues>
        rowForm={rowForm}
        query={devices}
        paging={paging}
        sizeChanger={false}
        toolbar={{
          filters,
          searchPlaceholder: t('deviceInfo.searchPlaceholder'),
          resetLabel: t('deviceInfo.reset'),
          addLabel: t('deviceInfo.addRow'),
          onAdd: () => rowForm.addRow(newDeviceRow()),
          controls: (
            <Select<number>
              aria-label={t('deviceInfo.pageSize')}
              value={paging.pageSize}
              disabled={editing.busy}
              onChange={(size) => paging.changePage(1, size)}
              options={sizeOptions}
              style={{ width: 120 }}
            />
          ),
          actions: (
            <SheetActions
              uploadPath={pathOf('POST /it4u/upload/ClientDeviceInf')}
              templatePath={pathOf('GET /it4u/clientDeviceInf/template')}
              exportPath={pathOf('GET /it4u/clientDeviceInf/export')}
              fileName="clientDeviceInf"
              invalidate={deviceInfoKeys.all}
              exportQuery={{ q: paging.q || undefined }}
              disabled={editing.busy}
              labels={{
                upload: t('deviceInfo.upload'),
                template: t('deviceInfo.template'),
                export: t('deviceInfo.export'),
                uploaded: (count) => t('deviceInfo.uploaded', { count }),
              }}
            />
          ),
        }}
        index={{ title: t('deviceInfo.columns.index'), newLabel: t('deviceInfo.newTag'), width: 60 }}
        columns={deviceColumns({ t, editing, watched, sites: sites.data ?? [], canReveal })}
        card={{ title: ['contract', 'sitenameId'] }}
        chooser={{ key: 'deviceInfo', hidden: DEVICE_HIDDEN_COLUMNS }}
        actions={{
          width: canReveal ? 270 : 170,
          saving: save.isPending,
          onSave,
          remove: remove.mutateAsync,
          extra: (row, locked) =>
            canReveal && row.id !== null ? (
              <Button
                type="link"
                size="small"
                icon={<LoginOutlined aria-hidden />}
                disabled={locked}
                onClick={() => setConnecting(row as DeviceInfo)}
              >
                {t('terminal.connect.button')}
              </Button>
            ) : null,
        }}
      />
      {connecting && (
        <ConnectModal
          row={connecting}
          onClose={() => setConnecting(null)}
          onConnect={(target) => {
            setConnecting(null);
            onConnect(target);
          }}
        />
      )}
    </>
  );
}
