import type { DeviceInfo } from '@it4u/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { newDeviceRow } from '../deviceInfo/deviceRow.ts';
import { rowHosts, sourceLabel, webAddress, withSiteLinks } from './terminal.ts';

const t = i18n.t.bind(i18n);
const device = (fields: Partial<DeviceInfo>): DeviceInfo => ({ ...newDeviceRow(0), id: 3, ...fields });

describe("the Connect dialog's hosts", () => {
  afterAll(() => i18n.changeLanguage('en'));

  it("lists a row's addresses once each, named by where they are (with the WAN's provider)", () => {
    const row = device({
      ipWan1: '14.1.1.2',
      ispWan1: 'VNPT',
      ipWan2: ' 27.72.1.1 ',
      ipPublicWan1: '14.1.1.2',
      ipPublicWan3: '203.0.113.7',
      ipLb: '192.168.1.1',
      ipOther: 'cam.example',
    });
    expect(rowHosts(row, t)).toEqual([
      { value: '14.1.1.2', label: 'WAN 1 (VNPT) — 14.1.1.2' },
      { value: '27.72.1.1', label: 'WAN 2 — 27.72.1.1' },
      { value: '203.0.113.7', label: 'Public IP WAN 3 — 203.0.113.7' },
      { value: '192.168.1.1', label: 'Load balancer — 192.168.1.1' },
      { value: 'cam.example', label: 'Other device — cam.example' },
    ]);
    expect(rowHosts(device({}), t)).toEqual([]);
  });

  it('says the names in Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    expect(rowHosts(device({ ipLb: '10.0.0.1', ipPublicWan2: '1.2.3.4', ispWan2: 'FPT' }), t)).toEqual([
      { value: '1.2.3.4', label: 'IP public WAN 2 (FPT) — 1.2.3.4' },
      { value: '10.0.0.1', label: 'Cân bằng tải — 10.0.0.1' },
    ]);
    await i18n.changeLanguage('en');
  });

  it("adds the site's WAN links after the row's own addresses, each address once, none empty", () => {
    const own = [{ value: '14.1.1.2', label: 'WAN 1 — 14.1.1.2' }];
    expect(
      withSiteLinks(own, [
        { name: 'VNPT', value: '14.1.1.2' },
        { name: 'Viettel', value: '27.72.10.20' },
        { name: 'FPT', value: '' },
        { name: 'CMC', value: '27.72.10.20' },
      ]),
    ).toEqual([...own, { value: '27.72.10.20', label: 'Viettel — 27.72.10.20' }]);
    expect(withSiteLinks([], [])).toEqual([]);
    // the row's own list is left as it was
    expect(own).toHaveLength(1);
  });

  it("opens a host's web page over http, an IPv6 address in brackets", () => {
    expect(webAddress('10.0.0.1', 4949)).toBe('http://10.0.0.1:4949');
    expect(webAddress('fd00::1', 80)).toBe('http://[fd00::1]:80');
  });
});

describe("where an approved host's address came from", () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('names a field of the row, or the router push of a WAN link, in the reader language', async () => {
    await i18n.changeLanguage('en');
    expect(sourceLabel('ipWan2', t)).toBe('WAN 2');
    expect(sourceLabel('ipLb', t)).toBe(t('deviceInfo.columns.lb'));
    expect(sourceLabel('push:wan3', t)).toBe('Router push: WAN 3');
    await i18n.changeLanguage('vi');
    expect(sourceLabel('push:wan1', t)).toBe('Router gửi lên: WAN 1');
  });
});
