import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/renderWithProviders.tsx';
import { call, callPublic, pathOf } from './call.ts';
import { setAccessToken } from './tokens.ts';

type Sent = { url: string; method: string; body: unknown };

function fakeServer() {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({
        url: String(input),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return jsonResponse(200, { ok: true });
    }),
  );
  return sent;
}

describe('calling a route by its contract', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('puts the parameters in the path, encoded, and the query in the URL', async () => {
    setAccessToken('a');
    const sent = fakeServer();
    await call('GET /it4u/contract.:x', { params: { x: 'Cà phê / 5%' } });
    await call('GET /it4u/listSupplies', { query: { page: 2, pageSize: 10, q: '' } });
    expect(sent).toEqual([
      { url: '/api/v1/it4u/contract.C%C3%A0%20ph%C3%AA%20%2F%205%25', method: 'GET', body: undefined },
      { url: '/api/v1/it4u/listSupplies?page=2&pageSize=10', method: 'GET', body: undefined },
    ]);
  });

  it('sends the body with the method of the key', async () => {
    setAccessToken('a');
    const sent = fakeServer();
    await call('PUT /it4u/contracts/:id', { params: { id: 7 }, body: { numContract: 'HĐ-1', clientName: 'An' } });
    await call('DELETE /it4u/contracts/:id', { params: { id: 7 } });
    await call('GET /it4u/clientName');
    expect(sent).toEqual([
      { url: '/api/v1/it4u/contracts/7', method: 'PUT', body: { numContract: 'HĐ-1', clientName: 'An' } },
      { url: '/api/v1/it4u/contracts/7', method: 'DELETE', body: undefined },
      { url: '/api/v1/it4u/clientName', method: 'GET', body: undefined },
    ]);
  });

  it('gives the path of an upload or a download', () => {
    expect(pathOf('GET /it4u/export/:table', { params: { table: 'report' } })).toBe('/it4u/export/report');
    expect(pathOf('POST /it4u/uploadListSupplies')).toBe('/it4u/uploadListSupplies');
  });

  it('calls a public route without the session', async () => {
    setAccessToken('a');
    const fetchMock = vi.fn(async () => jsonResponse(200, { available: true }));
    vi.stubGlobal('fetch', fetchMock);
    await callPublic('POST /auth/forgotPassword', { body: { email: 'an@example.test' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/forgotPassword');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ email: 'an@example.test' }));
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it('brings in only the types of the contracts: no schema reaches the bundle', () => {
    const root = path.resolve(__dirname, '..');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f));
    const runtime = files.filter((f) =>
      /^import (?!type )[^;]*from '@it4u\/shared\/(routes|api)'/m.test(readFileSync(path.join(root, f), 'utf8')),
    );
    expect(runtime).toEqual([]);
  });
});
