import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAudit } from '../../lib/audit.ts';
import type { RequestContext } from '../../lib/context.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { createTestApp, drivers, signin, type TestApp, tokenFor } from '../../test/helpers.ts';
import type { SitesService } from '../sites/sites.service.ts';
import { createSessionRepository } from './sessions.repository.ts';
import { createUsersRepository } from './users.repository.ts';
import { createUsersService } from './users.service.ts';

// Issue 23: a new password and the end of the sessions it replaces were two writes; a failure between them left the
// new password with the old sessions still open. They are one transaction now.
describe.each(drivers)('a password change and the sessions it ends on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  it('keeps the old password when the sessions cannot be ended', async () => {
    const who = await tokenFor(t, ['ROLE_KT']);
    const stored = createSessionRepository(t.database.db);
    const sessions = {
      ...stored,
      revokeAllOfUser: async () => {
        throw new Error('injected failure of the revoke');
      },
    };
    const users = createUsersRepository(t.database.db);
    const service = createUsersService({
      users,
      sessions,
      audit: createAudit(t.database.db),
      sites: {} as SitesService,
    });
    const ctx = {
      actor: { id: who.user.id, username: who.user.username, roles: ['ROLE_KT'], sessionId: 'x' },
      ip: '127.0.0.1',
    } as unknown as RequestContext;
    const newPassword = 'Another-Passw0rd-77';
    await expect(
      service.changeOwnPassword({ currentPassword: who.user.password, newPassword, confirmPassword: newPassword }, ctx),
    ).rejects.toThrow('injected');
    const record = await users.findById(who.user.id);
    expect(await verifyPassword(record?.passwordHash ?? '', who.user.password)).toBe(true);
    expect((await signin(t.app, who.user.username, who.user.password)).accessToken).toBeTruthy();
  });
});
