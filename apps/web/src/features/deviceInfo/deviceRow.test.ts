import { DEVICE_SECRET_MASK } from '@it4u/shared';
import { describe, expect, it } from 'vitest';
import { allRowsCapped, formFieldOf, newDeviceRow, toDeviceBody, toFormValues } from './deviceRow.ts';

describe('a device row in edit mode', () => {
  it('sends a stored password back as the mask (kept), an emptied one as "" (removed), a typed one as typed', () => {
    const row = {
      ...newDeviceRow(0),
      id: 7,
      passWan1: DEVICE_SECRET_MASK,
      passLb: DEVICE_SECRET_MASK,
      ipWan1: '1.2.3.4',
    };
    const values = toFormValues(row);
    expect(values.passWan1).toBe(DEVICE_SECRET_MASK);
    const body = toDeviceBody({ ...values, passLb: '', passOther: 'n3w', ipWan1: ' 1.2.3.5 ' });
    expect(body).toMatchObject({ passWan1: DEVICE_SECRET_MASK, passLb: '', passOther: 'n3w', ipWan1: '1.2.3.5' });
  });

  it('names the customer and the site by id, or none', () => {
    const row = {
      ...newDeviceRow(0),
      id: 1,
      contract: { id: 4, numContract: 'HD-4', clientName: 'A', phone: '', street: '', servicePlans: '', customId: '' },
      sitename: { id: 9, sitename: 'Cafe', idname: 'cafe01' },
    };
    expect(toDeviceBody(toFormValues(row), row)).toMatchObject({ contractId: 4, sitenameId: 9 });
    expect(toDeviceBody(toFormValues(newDeviceRow(0)), newDeviceRow(0))).toMatchObject({ sitenameId: null });
  });

  it("leaves the customer out when none is picked, so that the server gives the site's; null only takes one away", () => {
    const fresh = newDeviceRow(0);
    const body = toDeviceBody({ ...toFormValues(fresh), sitenameId: 9 }, fresh);
    expect(body).toMatchObject({ sitenameId: 9 });
    expect(body).not.toHaveProperty('contractId');
    const contract = {
      id: 4,
      numContract: 'HD-4',
      clientName: 'A',
      phone: '',
      street: '',
      servicePlans: '',
      customId: '',
    };
    const saved = { ...fresh, id: 2, contract };
    // the customer the row had, cleared: sent as null (no customer)
    expect(toDeviceBody({ ...toFormValues(saved), contract: null }, saved)).toMatchObject({ contractId: null });
    // a saved row without a customer, still without one: left out too
    const bare = { ...fresh, id: 3 };
    expect(toDeviceBody(toFormValues(bare), bare)).not.toHaveProperty('contractId');
    // a picked one is named
    expect(toDeviceBody({ ...toFormValues(fresh), contract }, fresh)).toMatchObject({ contractId: 4 });
  });

  it('says when "All" stopped at its cap', () => {
    expect(allRowsCapped(5000, 5001, 5000)).toBe(true);
    expect(allRowsCapped(5000, 5000, 5000)).toBe(false);
    expect(allRowsCapped(200, 6000, 5000)).toBe(false);
  });

  it("puts the server's refusals under their fields", () => {
    expect(formFieldOf('contractId')).toBe('contract');
    expect(formFieldOf('sitenameId')).toBe('sitenameId');
    expect(formFieldOf('ipWan3')).toBe('ipWan3');
    expect(formFieldOf('passLb')).toBe('passLb');
    expect(formFieldOf('other')).toBeUndefined();
  });
});
