import type { ChannelAttribute } from '@it4u/shared';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { type DetailRow, dateToMs, newDetailRow, statusChange, toDetailBody, toFormValues } from './detailRow.ts';

const channel: ChannelAttribute = {
  id: 7,
  name: 'Kênh Q1',
  status: 'offline',
  customer: 'Khách sạn A',
  virtualNum: '',
  usernamePPPoE: '',
  channelValue: null,
  createdAt: 0,
};

/** 5 March 2026, 07:00 in the browser's zone (an imported date, say). */
const deployed = new Date(2026, 2, 5, 7).getTime();

function savedRow(): DetailRow {
  return {
    ...newDetailRow(0),
    id: 3,
    fees: 1_200_000,
    ipAddress: '203.0.113.9',
    deviceStatus: 'Hoat dong',
    contract: { id: 4, customId: '', numContract: 'HD-1', clientName: 'A', street: '', servicePlans: '' },
    channelAttribute: channel,
    deployRequestDate: deployed,
    dateAcceptance: null,
  };
}

describe('channel detail save', () => {
  it('sends every picked date as epoch ms (deployRequestDate and dateAcceptance among them)', () => {
    const values = {
      ...toFormValues(savedRow()),
      dateAcceptance: dayjs(new Date(2026, 2, 20, 15, 30)),
      dateOnline: dayjs(new Date(2026, 3, 1)),
    };
    const body = toDetailBody(values, savedRow());
    expect(body.dateAcceptance).toBe(new Date(2026, 2, 20).getTime());
    expect(body.dateOnline).toBe(new Date(2026, 3, 1).getTime());
    // unchanged day: the exact stored value, so an untouched row saves no change
    expect(body.deployRequestDate).toBe(deployed);
    expect(body).toMatchObject({
      id: 3,
      channelAttributeId: 7,
      contractId: 4,
      fees: 1_200_000,
      ipAddress: '203.0.113.9',
      deviceStatus: 'Hoat dong',
    });
  });

  it('clears a date or a fee with null, and leaves out what was already empty', () => {
    const values = { ...toFormValues(savedRow()), deployRequestDate: null, fees: null, contract: null };
    const body = toDetailBody(values, savedRow());
    expect(body.deployRequestDate).toBeNull();
    expect(body.fees).toBeNull();
    expect(body.contractId).toBeNull();
    expect(body).not.toHaveProperty('dateAcceptance');
    expect(body).not.toHaveProperty('dateStop');
  });

  it('sends a new row without id and without its empty fields', () => {
    const row = newDetailRow();
    const values = { ...toFormValues(row), channel, status: channel.status, routerType: ' Cisco ' };
    const body = toDetailBody(values, row);
    expect(body).toEqual({
      id: null,
      channelAttributeId: 7,
      routerType: 'Cisco',
      ipAddress: '',
      ipType: '',
      customerMove: '',
      deviceStatus: '',
      regionalEngineer: '',
      votesRequire: '',
    });
    expect(() => toDetailBody(toFormValues(row), row)).toThrow();
  });

  it('keeps a date picked on the same day as stored, and a new day from its start', () => {
    expect(dateToMs(dayjs(deployed).hour(12), deployed)).toBe(deployed);
    expect(dateToMs(dayjs(new Date(2026, 2, 6, 9)), deployed)).toBe(new Date(2026, 2, 6).getTime());
    expect(dateToMs(null, deployed)).toBeNull();
  });

  it('changes the channel status only when it differs (the status belongs to the channel)', () => {
    const values = toFormValues(savedRow());
    expect(values.status).toBe('offline');
    expect(statusChange(values)).toBeNull();
    expect(statusChange({ ...values, status: 'online' })).toEqual({ attributeId: 7, status: 'online' });
  });
});
