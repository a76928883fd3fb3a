import type { APIRequestContext } from '@playwright/test';

/** Seeding through the API, as an administrator. */
export async function adminToken(request: APIRequestContext, password: string): Promise<string> {
  const res = await request.post('/api/v1/auth/signin', { data: { usernameOrEmail: 'admin', password } });
  if (!res.ok()) throw new Error(`admin sign-in: ${res.status()} ${await res.text()}`);
  return (await res.json()).accessToken;
}

export async function createUser(
  request: APIRequestContext,
  token: string,
  user: { username: string; password: string; roles: string[]; type?: 'User' | 'Client'; language?: string },
) {
  const res = await request.post('/api/v1/auth/signup', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: `Người dùng ${user.username}`,
      username: user.username,
      email: `${user.username}@example.test`,
      password: user.password,
      confirmPassword: user.password,
      gender: 'Male',
      language: user.language ?? 'English',
      type: user.type ?? 'User',
      roles: user.roles,
      sitename: [],
    },
  });
  if (res.status() !== 201) throw new Error(`signup ${user.username}: ${res.status()} ${await res.text()}`);
  return res.json();
}
