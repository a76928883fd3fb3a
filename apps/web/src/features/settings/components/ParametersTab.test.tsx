import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { ParametersTab } from './ParametersTab.tsx';

const stored = {
  usernameUbnt: 'admin',
  pwUbnt: '********',
  tokenUcrm: '********',
  tokenDev: '********',
  tokenDevEnabled: true,
  urlUbnt: 'https://unifi.example.vn:8443',
  verifyTls: true,
  sshHost: 'unifi.example.vn',
  sshPort: 22,
  sshUser: 'unifi',
  sshPassword: '********',
  sshKey: '',
  unifiDataDir: '/usr/lib/unifi/data',
  terminalPassword: '',
};

describe('parameter tab', () => {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'PUT'
      ? jsonResponse(200, {
          saved: true,
          controller: {
            ok: false,
            code: 'controllerLoginRefused',
            params: { reason: 'api.err.Invalid' },
            message: 'The UniFi controller refused the login (api.err.Invalid).',
            controller: 'https://unifi.example:8443',
          },
        })
      : jsonResponse(200, { ...stored, sshHostKey: 'SHA256:pinned' }),
  );

  beforeEach(() => {
    fetchMock.mockClear();
    setAccessToken('token');
    // the controllers card and the demo's leftovers above the form, the backups card below it, have their own tests
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.endsWith('/it4u/controllers')
        ? jsonResponse(200, { items: [], demo: false })
        : url.endsWith('/it4u/backups')
          ? jsonResponse(200, { everyHours: 24, keep: 7, runs: [] })
          : url.endsWith('/it4u/demo')
            ? jsonResponse(200, { demoInUse: true, sites: [], customers: [], wanSites: [] })
            : fetchMock(url, init),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the masked secrets back unchanged when untouched, and shows the controller test', async () => {
    renderWithProviders(<ParametersTab />);
    const username = (await screen.findByLabelText('Controller username (usernameUbnt)')) as HTMLInputElement;
    expect(username.value).toBe('admin');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT') ?? [];
    expect(url).toBe('/api/v1/it4u/systemConfig');
    expect(JSON.parse(String(init?.body))).toEqual(stored);
    // the pinned host key is shown, not sent
    expect(screen.getByText('SHA256:pinned')).toBeTruthy();
    expect(await screen.findByText('Saved, but the controller test failed')).toBeTruthy();
    expect(
      screen.getByText('The UniFi controller refused the login (api.err.Invalid). (https://unifi.example:8443)'),
    ).toBeTruthy();
  });

  const empty = {
    usernameUbnt: '',
    pwUbnt: '',
    tokenUcrm: '',
    tokenDev: '',
    tokenDevEnabled: true,
    urlUbnt: '',
    verifyTls: true,
    sshHost: '',
    sshPort: 22,
    sshUser: '',
    sshPassword: '',
    sshKey: '',
    unifiDataDir: '/usr/lib/unifi/data',
    terminalPassword: '',
  };
  const puts = () => fetchMock.mock.calls.filter(([, i]) => i?.method === 'PUT');

  function type(label: string, value: string) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }

  it('requires the two tokens, and with no controller address not the controller user or password', async () => {
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? jsonResponse(200, {
            saved: true,
            controller: {
              ok: true,
              code: 'demoControllerInUse',
              message: 'No controller address is set: the console shows the demo controller.',
            },
          })
        : jsonResponse(200, empty),
    );
    renderWithProviders(<ParametersTab />);
    await screen.findByLabelText('Controller username (usernameUbnt)');
    expect(
      screen.getAllByText('Needed only when a controller address is set; with none, the demo controller is used.'),
    ).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Please input tokenUcrm!')).toBeTruthy();
    expect(screen.getByText('Please input tokenDev!')).toBeTruthy();
    expect(screen.queryByText('Please input usernameUbnt!')).toBeNull();
    expect(screen.queryByText('Please input pwUbnt!')).toBeNull();
    expect(puts()).toHaveLength(0);

    type('UCRM token (tokenUcrm)', 'crm-token');
    type('Device token (tokenDev)', 'dev-token');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0][1]?.body))).toEqual({ ...empty, tokenUcrm: 'crm-token', tokenDev: 'dev-token' });
    expect(await screen.findByText('Saved. The controller test passed.')).toBeTruthy();
  });

  it('takes no device token while the shared one is turned off; turned on again, requires it', async () => {
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? jsonResponse(200, { saved: true, controller: { ok: true, code: 'demoControllerInUse', message: 'ok' } })
        : jsonResponse(200, { ...empty, tokenUcrm: '********' }),
    );
    renderWithProviders(<ParametersTab />);
    await screen.findByLabelText('Controller username (usernameUbnt)');
    const hint = 'Not needed while the shared device token is not accepted.';
    expect(screen.queryByText(hint)).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Accept the shared device token' }));
    expect(await screen.findByText(hint)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0][1]?.body))).toEqual({
      ...empty,
      tokenUcrm: '********',
      tokenDev: '',
      tokenDevEnabled: false,
    });
    expect(screen.queryByText('Please input tokenDev!')).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: 'Accept the shared device token' }));
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Please input tokenDev!')).toBeTruthy();
    expect(puts()).toHaveLength(1);
  });

  it('requires the controller user and password once an address is typed', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { ...empty, tokenUcrm: '********', tokenDev: '********' }),
    );
    renderWithProviders(<ParametersTab />);
    await screen.findByLabelText('Controller username (usernameUbnt)');
    type('Controller address', 'https://unifi.example.vn:8443');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Please input usernameUbnt!')).toBeTruthy();
    expect(screen.getByText('Please input pwUbnt!')).toBeTruthy();
    expect(
      screen.queryByText('Needed only when a controller address is set; with none, the demo controller is used.'),
    ).toBeNull();
    expect(puts()).toHaveLength(0);

    // emptying the address again lifts the requirement
    type('Controller address', '');
    // (each message leaves with its own animation: wait for both)
    await waitFor(() => expect(screen.queryByText('Please input usernameUbnt!')).toBeNull());
    await waitFor(() => expect(screen.queryByText('Please input pwUbnt!')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(puts()).toHaveLength(1));
  });

  it("shows the server's refusal of an address without a password under the password", async () => {
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? jsonResponse(400, {
            statusCode: 400,
            error: 'Bad Request',
            code: 'controllerPasswordRequired',
            message: 'A controller address is set: enter the controller password too.',
            details: [
              {
                field: 'pwUbnt',
                code: 'controllerPasswordRequired',
                message: 'A controller address is set: enter the controller password too.',
              },
            ],
          })
        : jsonResponse(200, { ...stored, sshHostKey: 'SHA256:pinned' }),
    );
    renderWithProviders(<ParametersTab />);
    await screen.findByLabelText('Controller username (usernameUbnt)');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('A controller address is set: enter the controller password too.')).toBeTruthy();
  });

  it('shows the generic message when the save fails', async () => {
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? jsonResponse(400, {
            statusCode: 400,
            error: 'Bad Request',
            code: 'invalidFields',
            params: { fields: 'urlUbnt' },
            message: 'Some fields are not valid: urlUbnt.',
            details: [{ field: 'urlUbnt', code: 'badFormat', message: 'urlUbnt is not in the expected format' }],
          })
        : jsonResponse(200, { ...stored, sshHostKey: 'SHA256:pinned' }),
    );
    renderWithProviders(<ParametersTab />);
    await screen.findByLabelText('Controller username (usernameUbnt)');
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Sorry, something went wrong, please try again')).toBeTruthy();
  });

  it('turns the shared device token off, and generates the metrics token', async () => {
    let metrics: { source: string; token: string | null } = { source: 'none', token: null };
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/it4u/metricsToken')) {
        if (init?.method === 'POST') metrics = { source: 'generated', token: 'it4u_metrics_generated-token-0123' };
        return jsonResponse(200, metrics);
      }
      return init?.method === 'PUT'
        ? jsonResponse(200, { saved: true, controller: { ok: true, code: 'controllerSignedIn', message: 'ok' } })
        : jsonResponse(200, stored);
    });
    renderWithProviders(<ParametersTab />);
    expect(await screen.findByText('No token yet: /metrics answers only this machine.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Generate a token/ }));
    expect(await screen.findByText('it4u_metrics_generated-token-0123')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Generate a new token/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Accept the shared device token' }));
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse(String(puts()[0][1]?.body))).toEqual({ ...stored, tokenDevEnabled: false });
  });
});
