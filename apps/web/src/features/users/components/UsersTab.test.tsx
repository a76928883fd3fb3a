import type { UserRow } from '@it4u/shared';
import { afterEach, describe, it, vi } from 'vitest';
import { expectListFailureAndRetry } from '../../../test/failingList.tsx';
import { UsersTab } from './UsersTab.tsx';

const user: UserRow = {
  id: 7,
  name: 'Nguyễn An',
  username: 'an',
  email: 'an@example.com',
  gender: 'Male',
  language: 'vi',
  type: 'Staff',
  roles: [],
  sitename: [],
  status: 'Active',
  lastTimeLogin: 0,
  numLogin: 0,
} as unknown as UserRow;

describe('users list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the list failed with Retry (not "No data"), and Retry brings the users', async () => {
    await expectListFailureAndRetry(
      <UsersTab />,
      { list: (url) => /\/user(\?|$)/.test(url), answer: { items: [user], total: 1 } },
      'Nguyễn An',
    );
  });
});
