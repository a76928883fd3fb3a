import { type DeviceSecretField, type DeviceTextField, HOST_PATTERN, type Site, WAN_NUMBERS } from '@it4u/shared';
import { Input, Select } from 'antd';
import type { Rule } from 'antd/es/form/index.js';
import type { TFunction } from 'i18next';
import { ContractPicker } from '../../../components/contracts/ContractPicker.tsx';
import { CustomerLink } from '../../../components/customers/CustomerLink.tsx';
import { ScannableInput } from '../../../components/scan/ScanButton.tsx';
import { siteMatches } from '../../../components/sites/SiteSelect.tsx';
import { editColumns } from '../../../components/table/editColumns.tsx';
import type { RegisterColumn } from '../../../components/table/RegisterTable.tsx';
import type { RowEditing } from '../../../components/table/useRowEditing.ts';
import type { DeviceFormValues, DeviceRow } from '../deviceRow.ts';
import { SecretCell } from './SecretCell.tsx';

type Options = {
  t: TFunction;
  editing: RowEditing<DeviceRow>;
  watched: Partial<DeviceFormValues>;
  sites: Site[];
  canReveal: boolean;
};

const HOST = new RegExp(HOST_PATTERN);

/** The columns people do not scan every day: shown through the column chooser. */
export const DEVICE_HIDDEN_COLUMNS = [
  'backup',
  'maintenance',
  'wan3',
  'wan4',
  'other',
  'reboot',
  'monitor',
  'method',
  'location',
  'openPort',
  'firmware',
  'wanGroup',
];

/**
 * The columns of the device table (/clientDeviceInf): the customer and the site, then WAN 1 to 4, the load
 * balancer and another device (each a group of its own fields), then the rest. Passwords show as dots.
 */
export function deviceColumns({ t, editing, watched, sites, canReveal }: Options): RegisterColumn<DeviceRow>[] {
  const { field, derived } = editColumns(editing);
  const hostRule: Rule = {
    validator: (_, value: string | undefined) =>
      !value?.trim() || HOST.test(value.trim())
        ? Promise.resolve()
        : Promise.reject(new Error(t('deviceInfo.notAHost'))),
  };
  const text = (key: DeviceTextField, title: string, width: number, label = title) =>
    field({
      key,
      title,
      width,
      view: (row) => row[key],
      rules: key.startsWith('ip') ? [hostRule] : undefined,
      // a device's model is often on its label: it may be scanned
      input: key.startsWith('model') ? <ScannableInput aria-label={label} /> : <Input aria-label={label} />,
    });
  const secret = (key: DeviceSecretField, group: string) => {
    const title = t('deviceInfo.columns.password');
    return field({
      key,
      title,
      width: 150,
      view: (row) => (
        <SecretCell
          rowId={row.id}
          field={key}
          stored={row[key]}
          canReveal={canReveal}
          label={t('deviceInfo.password.show', { device: group })}
        />
      ),
      input: (
        <Input.Password
          aria-label={`${title} ${group}`}
          autoComplete="new-password"
          placeholder={t('deviceInfo.password.placeholder')}
          // the mask keeps the stored password; the eye would show only the mask
          visibilityToggle={false}
        />
      ),
    });
  };
  const wan = (n: number): RegisterColumn<DeviceRow> => {
    const group = t('deviceInfo.columns.wan', { n });
    return {
      key: `wan${n}`,
      title: group,
      children: [
        text(
          `ispWan${n}` as DeviceTextField,
          t('deviceInfo.columns.isp'),
          110,
          `${t('deviceInfo.columns.isp')} ${group}`,
        ),
        text(
          `modelWan${n}` as DeviceTextField,
          t('deviceInfo.columns.model'),
          130,
          `${t('deviceInfo.columns.model')} ${group}`,
        ),
        text(`ipWan${n}` as DeviceTextField, t('deviceInfo.columns.ip'), 140, `IP ${group}`),
        secret(`passWan${n}` as DeviceSecretField, group),
        text(
          `ipPublicWan${n}` as DeviceTextField,
          t('deviceInfo.columns.publicIp'),
          140,
          `${t('deviceInfo.columns.publicIp')} ${group}`,
        ),
      ],
    };
  };
  const device = (key: 'lb' | 'other'): RegisterColumn<DeviceRow> => {
    const group = t(`deviceInfo.columns.${key}`);
    const suffix = key === 'lb' ? 'Lb' : 'Other';
    return {
      key,
      title: group,
      children: [
        text(`model${suffix}`, t('deviceInfo.columns.model'), 130, `${t('deviceInfo.columns.model')} ${group}`),
        text(`ip${suffix}`, t('deviceInfo.columns.ip'), 140, `IP ${group}`),
        secret(`pass${suffix}`, group),
      ],
    };
  };
  const siteOptions = sites.map((s) => ({ value: s.id, label: `${s.sitename} (${s.idname})` }));
  const watchedSite = sites.find((s) => s.id === watched.sitenameId);

  return [
    field({
      key: 'contract',
      title: t('deviceInfo.columns.customer'),
      width: 220,
      fixed: 'left',
      view: (row) => row.contract && <CustomerLink id={row.contract.id} name={row.contract.clientName} />,
      input: <ContractPicker ariaLabel={t('deviceInfo.columns.customer')} display="full" />,
    }),
    derived({
      key: 'phone',
      title: t('deviceInfo.columns.phone'),
      width: 130,
      view: (row) => row.contract?.phone ?? '',
      edit: watched.contract?.phone ?? '',
    }),
    derived({
      key: 'servicePlan',
      title: t('deviceInfo.columns.servicePlan'),
      width: 140,
      view: (row) => row.contract?.servicePlans ?? '',
      edit: watched.contract?.servicePlans ?? '',
    }),
    {
      key: 'site',
      title: t('deviceInfo.columns.site'),
      children: [
        field({
          key: 'sitenameId',
          title: t('deviceInfo.columns.sitename'),
          width: 200,
          view: (row) => row.sitename?.sitename ?? '',
          input: (
            <Select<number>
              aria-label={t('deviceInfo.columns.sitename')}
              allowClear
              placeholder={t('deviceInfo.pickSite')}
              options={siteOptions}
              showSearch={{
                filterOption: (input, option) => {
                  const site = sites.find((s) => s.id === option?.value);
                  return site ? siteMatches(site, input) : false;
                },
              }}
              style={{ width: '100%' }}
            />
          ),
        }),
        derived({
          key: 'idname',
          title: t('deviceInfo.columns.idname'),
          width: 120,
          view: (row) => row.sitename?.idname ?? '',
          edit: watchedSite?.idname ?? '',
        }),
      ],
    },
    text('backup', t('deviceInfo.columns.backup'), 120),
    text('maintenance', t('deviceInfo.columns.maintenance'), 120),
    ...WAN_NUMBERS.map(wan),
    device('lb'),
    device('other'),
    text('reboot', t('deviceInfo.columns.reboot'), 120),
    text('monitor', t('deviceInfo.columns.monitor'), 120),
    text('method', t('deviceInfo.columns.method'), 120),
    text('location', t('deviceInfo.columns.location'), 160),
    text('openPort', t('deviceInfo.columns.openPort'), 110),
    text('firmware', t('deviceInfo.columns.firmware'), 120),
    text('wanGroup', t('deviceInfo.columns.wanGroup'), 120),
    text('note', t('deviceInfo.columns.note'), 200),
  ];
}
