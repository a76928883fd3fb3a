import { describe, expect, it } from 'vitest';
import { drivers } from '../../test/helpers.ts';
import { useControllerApp } from '../../test/simulator.ts';

/** A controller of Network 6 and later (UniFi OS): its wifi groups are AP groups, on the v2 API. */
describe.each(drivers)('wifi groups on a controller with AP groups, on %s', (driver) => {
  const { suite, call } = useControllerApp(driver, 'noon', {}, { flavor: 'unifios', apGroups: true });
  const site = () => suite.sim.sim.state.sites[1];

  it('lists, adds and fills AP groups, and puts a network on its AP group', async () => {
    const s = site().name;
    const groups = (await call('GET', `/it4u/${s}/wlangroup`)).json();
    expect(groups).toEqual([{ id: expect.any(String), _id: groups[0].id, name: 'All APs', kind: 'apgroup' }]);

    const made = await call('POST', `/it4u/${s}/wlangroup`, { name: 'Sảnh' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Sảnh', kind: 'apgroup' });
    const groupId = made.json().id as string;
    expect(site().apgroups?.find((g) => g._id === groupId)).toMatchObject({ name: 'Sảnh', device_macs: [] });
    expect((await call('POST', `/it4u/${s}/wlangroup`, { name: 'SẢNH' })).json().code).toBe('wlanGroupTaken');

    const network = {
      name: 'HoaMai-Sanh',
      security: 'open',
      isGuest: true,
      vlanEnabled: false,
      groupId,
      scheduleEnabled: false,
      schedule: [],
    };
    const created = await call('POST', `/it4u/${s}/wlanconf`, network);
    expect(created.statusCode).toBe(201);
    const stored = site().wlans.find((w) => w.name === 'HoaMai-Sanh');
    expect(stored).toMatchObject({ ap_group_mode: 'groups', ap_group_ids: [groupId] });
    const listed = (await call('GET', `/it4u/${s}/wlanconf/${groupId}`)).json();
    expect(listed.map((w: { name: string }) => w.name)).toEqual(['HoaMai-Sanh']);
    // edited from another group: on both
    const lobby = groups[0].id as string;
    await call('PUT', `/it4u/${s}/wlanconf/${stored?._id}`, { ...network, groupId: lobby });
    expect(site().wlans.find((w) => w.name === 'HoaMai-Sanh')?.ap_group_ids).toEqual([groupId, lobby]);

    // Save: every access point of the site in the group
    const saved = await call('POST', `/it4u/${s}/group/device`, { groupId });
    expect(saved.json()).toEqual({ devices: site().devices.length });
    expect(site().apgroups?.find((g) => g._id === groupId)?.device_macs).toEqual(site().devices.map((d) => d.mac));
    const unknown = await call('POST', `/it4u/${s}/group/device`, { groupId: 'ffffffffffffffffffffffff' });
    expect(unknown.json().code).toBe('wlanGroupNotFound');
  });
});
