import type { APIRequestContext } from '@playwright/test';

/** Seeding through the API, as an administrator. */
export async function adminToken(request: APIRequestContext, password: string): Promise<string> {
  const res = await request.post('/api/v1/auth/signin', { data: { usernameOrEmail: 'admin', password } });
  if (!res.ok()) throw new Error(`admin sign-in: ${res.status()} ${await res.text()}`);
  return (await res.json()).accessToken;
}

/**
 * A user made by the administrator, with the password given. A password an administrator chose must be changed at
 * the first sign-in: the user is made with another one, then changes it to the one given, as its owner would.
 */
export async function createUser(
  request: APIRequestContext,
  token: string,
  user: {
    username: string;
    password: string;
    roles: string[];
    type?: 'User' | 'Client';
    language?: string;
    /** the sites' short names (a customer's) */
    sitename?: string[];
  },
) {
  const chosen = `Admin-set-${user.password}`;
  const res = await request.post('/api/v1/auth/signup', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `Người dùng ${user.username}`,
      username: user.username,
      email: `${user.username}@example.test`,
      password: chosen,
      confirmPassword: chosen,
      gender: 'Male',
      language: user.language ?? 'English',
      type: user.type ?? 'User',
      roles: user.roles,
      sitename: user.sitename ?? [],
    },
  });
  if (res.status() !== 201) throw new Error(`signup ${user.username}: ${res.status()} ${await res.text()}`);
  const created = await res.json();
  const signin = await request.post('/api/v1/auth/signin', {
    data: { usernameOrEmail: user.username, password: chosen },
  });
  if (!signin.ok()) throw new Error(`first sign-in ${user.username}: ${signin.status()} ${await signin.text()}`);
  const own = { authorization: `Bearer ${(await signin.json()).accessToken}` };
  const changed = await request.put('/api/v1/user/changePassword', {
    headers: own,
    data: { currentPassword: chosen, newPassword: user.password, confirmPassword: user.password },
  });
  if (!changed.ok()) throw new Error(`own password ${user.username}: ${changed.status()} ${await changed.text()}`);
  await request.post('/api/v1/auth/logout', { headers: own });
  return { ...created, changePw: false };
}
