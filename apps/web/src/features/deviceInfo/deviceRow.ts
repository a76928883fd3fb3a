import {
  type ContractRef,
  DEVICE_SECRET_FIELDS,
  DEVICE_TEXT_FIELD_NAMES,
  type DeviceInfo,
  type DeviceInfoInput,
  type DeviceSecretField,
  type DeviceTextField,
} from '@it4u/shared';

/** A row of the device table; a new row has no id until it is saved. */
export type DeviceRow = Omit<DeviceInfo, 'id'> & { id: number | null };

/** The fields of the row in edit mode: the customer as picked, the site by id, the texts and the passwords. */
export type DeviceFormValues = {
  contract: (ContractRef & { phone?: string }) | null;
  sitenameId: number | null;
} & Record<DeviceTextField | DeviceSecretField, string>;

const blank = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;

export function newDeviceRow(now: number = Date.now()): DeviceRow {
  return {
    id: null,
    contract: null,
    sitename: null,
    ...blank(DEVICE_TEXT_FIELD_NAMES),
    ...blank(DEVICE_SECRET_FIELDS),
    updatedAt: now,
  };
}

export function toFormValues(row: DeviceRow): DeviceFormValues {
  const texts = Object.fromEntries(DEVICE_TEXT_FIELD_NAMES.map((f) => [f, row[f]]));
  // a stored password shows as the mask, which keeps it when sent back
  const secrets = Object.fromEntries(DEVICE_SECRET_FIELDS.map((f) => [f, row[f]]));
  return { contract: row.contract, sitenameId: row.sitename?.id ?? null, ...texts, ...secrets } as DeviceFormValues;
}

/**
 * The body of a save. The customer is named when one is picked, and sent as null only to take away the one the row
 * had; otherwise it is left out, so that the server gives the row its site's customer (getContractBySitename).
 */
export function toDeviceBody(values: DeviceFormValues, before?: Pick<DeviceRow, 'contract'>): DeviceInfoInput {
  const texts = Object.fromEntries(DEVICE_TEXT_FIELD_NAMES.map((f) => [f, (values[f] ?? '').trim()]));
  const secrets = Object.fromEntries(DEVICE_SECRET_FIELDS.map((f) => [f, values[f] ?? '']));
  const picked = values.contract?.id;
  const contract =
    picked !== undefined ? { contractId: picked } : before?.contract ? { contractId: null } : ({} as const);
  return { ...contract, sitenameId: values.sitenameId ?? null, ...texts, ...secrets };
}

/** Whether "All" rows stopped at its cap: the list has more rows than one page of `cap` shows. */
export const allRowsCapped = (pageSize: number, total: number, cap: number) => pageSize === cap && total > cap;

/** The form field of a body field named by the server's 400. */
export function formFieldOf(bodyField: string): string | undefined {
  if (bodyField === 'contractId' || bodyField === 'contract') return 'contract';
  if (bodyField === 'sitenameId' || bodyField === 'sitename') return 'sitenameId';
  return (DEVICE_TEXT_FIELD_NAMES as string[]).includes(bodyField) ||
    (DEVICE_SECRET_FIELDS as readonly string[]).includes(bodyField)
    ? bodyField
    : undefined;
}
