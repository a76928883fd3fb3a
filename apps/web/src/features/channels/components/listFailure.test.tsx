import type { ChannelAttribute } from '@it4u/shared';
import { afterEach, describe, it, vi } from 'vitest';
import { expectListFailureAndRetry } from '../../../test/failingList.tsx';
import { ChannelsPage } from '../ChannelsPage.tsx';
import { RegistrationTab } from './RegistrationTab.tsx';

const channel: ChannelAttribute = {
  id: 5,
  name: 'Kênh Q1',
  status: 'pending',
  customer: 'Khách sạn A',
  virtualNum: '0283',
  usernamePPPoE: 'ppp',
  channelValue: null,
  createdAt: new Date(2026, 0, 2).getTime(),
};
const detail = {
  id: 1,
  fees: 1_000_000,
  routerType: 'Cisco',
  ipAddress: '203.0.113.1',
  ipType: 'Static',
  customerMove: '',
  deviceStatus: 'Hoat dong',
  regionalEngineer: '',
  votesRequire: '',
  createdAt: 0,
  dateRequestStop: null,
  dateOnline: null,
  dateStop: null,
  dateOnlineRequest: null,
  dateAcceptance: null,
  deployRequestDate: null,
  contract: null,
  channelAttribute: channel,
};
const summary = { byStatus: [], byProvider: [], asOf: 0 };
const others = (url: string) => (url.includes('summary') ? summary : url.includes('channel.name') ? [] : undefined);

describe('channel registers when their list call fails', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('registration: the error with Retry, not "No data"; Retry brings the channels', async () => {
    await expectListFailureAndRetry(
      <RegistrationTab />,
      { list: (url) => url.includes('/it4u/channel/attribute.all'), answer: { items: [channel], total: 1 }, others },
      'Kênh Q1',
    );
  });

  it('details (the first tab): the error with Retry, not "No data"; Retry brings the details', async () => {
    await expectListFailureAndRetry(
      <ChannelsPage />,
      {
        list: (url) => url.includes('/it4u/channel/detail.all'),
        answer: { items: [detail], total: 1 },
        others,
      },
      'Kênh Q1',
    );
  });
});
