import { DEVICE_HOST_FIELDS, type DeviceInfo, type TerminalLogin } from '@it4u/shared';
import type { TFunction } from 'i18next';

/** Where and as whom the terminal connects: passwords the server chooses (root, admin) are never in it. */
export type TerminalTarget = {
  rowId: number;
  host: string;
  port: number;
  login: TerminalLogin;
  username?: string;
  password?: string;
  /** what the view's title says: the customer, or the site */
  title: string;
};

export type HostOption = { value: string; label: string };

/** The name of an address field of a row: "WAN 1", "Public IP WAN 2", "Load balancer". */
function fieldName(field: string, t: TFunction): string {
  const wan = /Wan(\d)$/.exec(field)?.[1];
  return field.startsWith('ipPublic')
    ? `${t('deviceInfo.columns.publicIp')} ${t('deviceInfo.columns.wan', { n: wan })}`
    : wan
      ? t('deviceInfo.columns.wan', { n: wan })
      : t(`deviceInfo.columns.${field === 'ipLb' ? 'lb' : 'other'}`);
}

/** Where an approved host's address came from: a field of the row, or a router's push of a WAN link. */
export function sourceLabel(source: string, t: TFunction): string {
  const pushed = /^push:wan(\d)$/.exec(source)?.[1];
  if (pushed) return t('terminal.approvals.pushed', { n: pushed });
  return (DEVICE_HOST_FIELDS as readonly string[]).includes(source) ? fieldName(source, t) : source;
}

/** A row's addresses as the host picker lists them (each once): "IP WAN 1 (VNPT) — 14.1.1.2". */
export function rowHosts(row: DeviceInfo, t: TFunction): HostOption[] {
  const options: HostOption[] = [];
  for (const field of DEVICE_HOST_FIELDS) {
    const value = row[field].trim();
    if (!value || options.some((o) => o.value === value)) continue;
    const wan = /Wan(\d)$/.exec(field)?.[1];
    const isp = wan ? row[`ispWan${wan}` as 'ispWan1'] : '';
    const name = fieldName(field, t);
    options.push({ value, label: `${name}${isp ? ` (${isp})` : ''} — ${value}` });
  }
  return options;
}

/** The site's WAN links as its router pushes them, after the row's own addresses (each address once). */
export function withSiteLinks(own: HostOption[], links: { name: string; value: string }[]): HostOption[] {
  const out = [...own];
  for (const link of links) {
    if (!link.value || out.some((o) => o.value === link.value)) continue;
    out.push({ value: link.value, label: `${link.name} — ${link.value}` });
  }
  return out;
}

/** The other (not SSH) way in: the host's web page over plain http, in a new tab. */
export const webAddress = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
