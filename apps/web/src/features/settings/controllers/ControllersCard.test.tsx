// Over 300 lines: one test per state and action of the card (list in both languages, empty, failure, add, refusals, outcome, check, remove, phone, edit).
import type { ControllerList, ControllerView } from '@it4u/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { formatDateTimeSeconds } from '../../../components/format/formatting.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { expectListFailureAndRetry } from '../../../test/failingList.tsx';
import { expectFieldError } from '../../../test/fieldError.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { setViewportWidth } from '../../../test/viewport.ts';
import { ParametersTab } from '../components/ParametersTab.tsx';
import { ControllersCard } from './ControllersCard.tsx';

// a fixed moment: nothing here reads the clock
const CHECKED_AT = Date.UTC(2026, 4, 31, 3, 4, 5);

const hq: ControllerView = {
  id: 1,
  name: 'HQ',
  url: 'https://unifi.example.vn:8443',
  flavor: 'auto',
  signIn: 'account',
  username: 'admin',
  password: '********',
  apiKey: '',
  verifyTls: true,
  tlsFingerprint: '',
  timeoutSeconds: 10,
  first: true,
  siteCount: 1200,
  state: {
    reachable: true,
    version: '9.0.114',
    latencyMs: 1234,
    sites: 1200,
    flavor: 'unifios',
    error: null,
    checkedAt: CHECKED_AT,
  },
};

const branch: ControllerView = {
  id: 2,
  name: 'Branch',
  url: 'https://10.0.0.2:8443',
  flavor: 'unifios',
  signIn: 'apiKey',
  username: '',
  password: '',
  apiKey: '********',
  verifyTls: false,
  tlsFingerprint: '',
  timeoutSeconds: 20,
  first: false,
  siteCount: 3,
  state: {
    reachable: false,
    version: null,
    latencyMs: null,
    sites: null,
    flavor: null,
    error: {
      ok: false,
      code: 'controllerUnreachable',
      params: { reason: 'ECONNREFUSED' },
      message: 'The UniFi controller cannot be reached (ECONNREFUSED).',
    },
    checkedAt: CHECKED_AT,
  },
};

type Answer = (url: string, method: string, body: unknown) => Response | Promise<Response> | undefined;

const calls = (fetchMock: ReturnType<typeof vi.fn>, method: string, end: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === method && String(url).endsWith(end),
  );
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));

/** A server with this list of controllers; `answer` takes the other calls first. */
function serve(list: ControllerList, answer?: Answer) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const own = answer?.(url, method, init?.body ? JSON.parse(String(init.body)) : undefined);
    if (own) return own;
    if (url.endsWith('/it4u/controllers') && method === 'GET') return jsonResponse(200, list);
    if (url.endsWith('/user/me')) return jsonResponse(200, { id: 1, username: 'admin', name: 'Admin', roles: [] });
    return jsonResponse(404, { statusCode: 404, error: 'Not Found', code: 'notFound', message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The PUT of HQ: saved as sent, and signing in worked. */
const savesHq: Answer = (url, method, body) =>
  url.endsWith('/it4u/controllers/1') && method === 'PUT'
    ? jsonResponse(200, {
        controller: { ...hq, ...(body as object) },
        check: { ok: true, code: 'controllerSignedIn', params: { flavor: 'unifios' }, message: 'ok' },
      })
    : undefined;

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fieldValue = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
/** The API key's field (the radio of the way of signing in has the same words). */
const apiKeyField = () =>
  screen.getAllByLabelText('API key').find((el) => el.getAttribute('type') === 'password') as HTMLInputElement;

/** Picks an option of an antd Select by its label (clicking the item antd shows, by its text). */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].filter((el) => el.textContent === option);
    expect(found).toHaveLength(1);
    return found[0] as HTMLElement;
  });
  fireEvent.click(item);
}

/** An answer held back until the test lets it go (to see what shows while a call runs). */
function held() {
  let release: (response: Response) => void = () => {};
  const answer = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { answer, release: (response: Response) => release(response) };
}

describe('controllers card', () => {
  beforeEach(() => setAccessToken('token'));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('lists the controllers with their state, numbers and times in both languages', async () => {
    serve({ items: [hq, branch], demo: false });
    renderWithProviders(<ControllersCard />);
    const hqRow = (await screen.findByText('HQ')).closest('tr') as HTMLElement;
    // five columns: the address under the name, the flavor under the sign-in, what the check found under the state
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Sign-in',
      'Sites',
      'State',
      'Actions',
    ]);
    for (const text of [
      'Primary',
      'https://unifi.example.vn:8443',
      'Automatic (UniFi OS)',
      'Account: admin',
      '1,200',
      'Reachable',
      '9.0.114',
      '1,234 ms',
      // with its seconds
      `checked ${formatDateTimeSeconds(CHECKED_AT)}`,
    ]) {
      expect(within(hqRow).getByText(text)).toBeTruthy();
    }
    // a number with its unit, and the address (its whole in its title), never break inside
    expect(within(hqRow).getByText('1,234 ms').style.whiteSpace).toBe('nowrap');
    expect(within(hqRow).getByText('1,200').style.whiteSpace).toBe('nowrap');
    expect(within(hqRow).getByText('https://unifi.example.vn:8443').getAttribute('title')).toBe(
      'https://unifi.example.vn:8443',
    );
    // the primary tag says what makes it the primary
    fireEvent.mouseEnter(within(hqRow).getByText('Primary'));
    expect(
      await screen.findByText(
        'The primary controller: the fields below (the system parameters) show and change it, and the sites a sync has not placed yet are read from it.',
      ),
    ).toBeTruthy();
    const branchRow = screen.getByText('Branch').closest('tr') as HTMLElement;
    for (const text of [
      'UniFi OS',
      'API key',
      'Unreachable',
      'The UniFi controller cannot be reached (ECONNREFUSED).',
      `checked ${formatDateTimeSeconds(CHECKED_AT)}`,
    ]) {
      expect(within(branchRow).getByText(text)).toBeTruthy();
    }
    expect(within(branchRow).queryByText('Primary')).toBeNull();
    // the actions in one row, each named with its controller
    for (const name of ['Edit Branch', 'Check now: Branch', 'Remove Branch']) {
      expect(within(branchRow).getByRole('button', { name })).toBeTruthy();
    }

    await i18n.changeLanguage('vi');
    expect(await within(hqRow).findByText('Kết nối được')).toBeTruthy();
    for (const text of ['Chính', 'Tự động (UniFi OS)', 'Tài khoản: admin', '1.200', '1.234 ms']) {
      expect(within(hqRow).getByText(text)).toBeTruthy();
    }
    expect(within(hqRow).getByText(`kiểm tra lúc ${formatDateTimeSeconds(CHECKED_AT)}`)).toBeTruthy();
    expect(within(branchRow).getByText('Không kết nối được')).toBeTruthy();
    expect(within(branchRow).getByText('Không kết nối được bộ điều khiển UniFi (ECONNREFUSED).')).toBeTruthy();
  });

  it('says the demo controller is shown when there is no controller', async () => {
    serve({ items: [], demo: true });
    renderWithProviders(<ControllersCard />);
    expect(await screen.findByText('No controller: the console shows the demo controller.')).toBeTruthy();
    expect(screen.queryByText('No controller.')).toBeNull();
    expect(screen.queryByText('Loading the list…')).toBeNull();
    expect(screen.getByRole('button', { name: /Add controller/ })).toBeTruthy();
  });

  it('says the list failed, with Retry, and never that it is empty', async () => {
    await expectListFailureAndRetry(
      <ControllersCard />,
      {
        list: (url, method) => url.endsWith('/it4u/controllers') && method === 'GET',
        answer: { items: [hq], demo: false },
      },
      'HQ',
      ['No controller: the console shows the demo controller.', 'No controller.'],
    );
  });

  it('adds a controller signed in with an API key: the key goes, no password; the outcome shows', async () => {
    let list: ControllerList = { items: [hq], demo: false };
    const added: ControllerView = { ...branch, id: 3, name: 'Site B', url: 'https://b.example.vn', state: null };
    const fetchMock = serve(list, (url, method) => {
      if (url.endsWith('/it4u/controllers') && method === 'POST') {
        list = { items: [hq, added], demo: false };
        return jsonResponse(201, {
          controller: added,
          check: {
            ok: false,
            code: 'controllerLoginRefused',
            params: { reason: 'api.err.Invalid' },
            message: 'The UniFi controller refused the login (api.err.Invalid).',
            controller: 'https://b.example.vn',
          },
        });
      }
      if (url.endsWith('/it4u/controllers') && method === 'GET') return jsonResponse(200, list);
      return undefined;
    });
    renderWithProviders(<ControllersCard />);
    fireEvent.click(await screen.findByRole('button', { name: /Add controller/ }));
    type('Name', ' Site B ');
    type('Address', 'https://b.example.vn');
    fireEvent.click(screen.getByRole('radio', { name: 'API key' }));
    expect(await screen.findByText(/Control Plane → Integrations/)).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.change(apiKeyField(), { target: { value: 'key-123' } });
    fireEvent.click(screen.getByRole('switch', { name: "Verify the controller's TLS certificate" }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(calls(fetchMock, 'POST', '/it4u/controllers')).toHaveLength(1));
    expect(bodyOf(calls(fetchMock, 'POST', '/it4u/controllers')[0])).toEqual({
      name: 'Site B',
      url: 'https://b.example.vn',
      flavor: 'auto',
      signIn: 'apiKey',
      apiKey: 'key-123',
      verifyTls: false,
      tlsFingerprint: '',
      timeoutSeconds: 10,
    });
    // the outcome names the kind of failure; the reason and the address each stand alone (no "). (")
    expect(await screen.findByText('Site B saved, but the controller refused the sign-in')).toBeTruthy();
    expect(screen.getByText('The UniFi controller refused the login (api.err.Invalid).')).toBeTruthy();
    expect(screen.getByText('Address: https://b.example.vn')).toBeTruthy();
    // the list is asked again and shows the new controller
    expect(await screen.findByText('https://b.example.vn')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // the outcome goes when the dialog opens again
    fireEvent.click(screen.getByRole('button', { name: /Add controller/ }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.queryByText('Site B saved, but the controller refused the sign-in')).toBeNull();
  });

  it('says a save whose controller could not be reached as such; the outcome closes, and goes at the next action', async () => {
    serve({ items: [hq, branch], demo: false }, (url, method) => {
      if (url.endsWith('/it4u/controllers/2') && method === 'PUT') {
        return jsonResponse(200, {
          controller: branch,
          check: {
            ok: false,
            code: 'controllerTimeout',
            params: { seconds: 20 },
            message: 'The UniFi controller did not answer within 20 s.',
            controller: 'https://10.0.0.2:8443',
          },
        });
      }
      if (url.endsWith('/it4u/controllers/2/check')) return jsonResponse(200, branch.state);
      return undefined;
    });
    renderWithProviders(<ControllersCard />);
    const save = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Edit Branch' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
      return screen.findByText('Branch saved, but the controller could not be reached');
    };
    const title = await save();
    expect(screen.getByText('The UniFi controller did not answer within 20 s.')).toBeTruthy();
    expect(screen.getByText('Address: https://10.0.0.2:8443')).toBeTruthy();
    // closed by its button
    fireEvent.click(within(title.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Branch saved, but the controller could not be reached')).toBeNull());
    // gone at the next action too
    await save();
    fireEvent.click(screen.getByRole('button', { name: 'Check now: Branch' }));
    expect(screen.queryByText('Branch saved, but the controller could not be reached')).toBeNull();
  });

  it('checks the form before sending: bounds, address and the way of signing in', async () => {
    const fetchMock = serve({ items: [], demo: true });
    renderWithProviders(<ControllersCard />);
    fireEvent.click(await screen.findByRole('button', { name: /Add controller/ }));
    type('Address', 'ftp://unifi');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter a name.')).toBeTruthy();
    expect(screen.getByText('Enter an address that starts with http:// or https://, without spaces.')).toBeTruthy();
    expect(screen.getByText('Enter the username.')).toBeTruthy();
    expect(screen.getByText('Enter the password.')).toBeTruthy();
    expect(calls(fetchMock, 'POST', '/it4u/controllers')).toHaveLength(0);
    // a short example in the address, not the hint again
    expect(screen.getByLabelText('Address').getAttribute('placeholder')).toBe('https://unifi.example.vn:8443');

    // an API key with the classic flavor: said at the way of signing in; "automatic" explained only when chosen
    expect(screen.getByText('Automatic finds it out at the first call.')).toBeTruthy();
    await choose('Flavor', 'Classic');
    await waitFor(() => expect(screen.queryByText('Automatic finds it out at the first call.')).toBeNull());
    fireEvent.click(screen.getByRole('radio', { name: 'API key' }));
    const refusal = await screen.findByText(
      'API keys are for UniFi OS consoles: choose the flavor UniFi OS or automatic.',
    );
    expect(refusal.closest('.ant-form-item')?.querySelector('[role="radiogroup"]')).toBeTruthy();
    await choose('Flavor', 'UniFi OS');
    await waitFor(() =>
      expect(
        screen.queryByText('API keys are for UniFi OS consoles: choose the flavor UniFi OS or automatic.'),
      ).toBeNull(),
    );
  });

  it("shows the server's refusal under its field, keeping what was typed", async () => {
    const fetchMock = serve({ items: [hq], demo: false }, (url, method) =>
      url.endsWith('/it4u/controllers') && method === 'POST'
        ? jsonResponse(400, {
            statusCode: 400,
            error: 'Bad Request',
            code: 'invalidFields',
            params: { fields: 'url' },
            message: 'Some fields are not valid: url.',
            details: [{ field: 'url', code: 'badFormat', message: 'url is not in the expected format' }],
          })
        : undefined,
    );
    renderWithProviders(<ControllersCard />);
    fireEvent.click(await screen.findByRole('button', { name: /Add controller/ }));
    type('Name', 'Lab');
    type('Address', 'https://lab..example');
    type('Username', 'ubnt');
    type('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await expectFieldError('Address', 'is not in the expected format');
    expect(calls(fetchMock, 'POST', '/it4u/controllers')).toHaveLength(1);
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('https://lab..example');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Lab');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('secret');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says a taken address under the address, in the reader language', async () => {
    serve({ items: [hq], demo: false }, (url, method) =>
      url.endsWith('/it4u/controllers') && method === 'POST'
        ? jsonResponse(409, {
            statusCode: 409,
            error: 'Conflict',
            code: 'controllerTaken',
            message: 'Another controller has this address.',
            details: [{ field: 'url', code: 'controllerTaken', message: 'Another controller has this address.' }],
          })
        : undefined,
    );
    await i18n.changeLanguage('vi');
    renderWithProviders(<ControllersCard />);
    fireEvent.click(await screen.findByRole('button', { name: /Thêm bộ điều khiển/ }));
    type('Tên', 'HQ 2');
    type('Địa chỉ', 'https://unifi.example.vn:8443');
    type('Tên đăng nhập', 'admin');
    type('Mật khẩu', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Thêm' }));
    await expectFieldError('Địa chỉ', 'Một bộ điều khiển khác đã dùng địa chỉ này.');
    expect((screen.getByLabelText('Địa chỉ') as HTMLInputElement).value).toBe('https://unifi.example.vn:8443');
  });

  it('edits a controller: the stored password goes back masked, and must be typed again for a new address', async () => {
    const fetchMock = serve({ items: [hq], demo: false }, savesHq);
    renderWithProviders(<ControllersCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit HQ' }));
    const keep = 'A value is stored. Leave it as it is to keep it, or replace it.';
    const again = 'Type the password again: the stored one is not sent to a new address or account.';
    expect(screen.getByText(keep)).toBeTruthy();
    expect(fieldValue('Password')).toBe('********');
    // a new address: the mask leaves the field, one message says why
    type('Address', 'https://new.example.vn');
    expect(await screen.findByText(again)).toBeTruthy();
    expect(fieldValue('Password')).toBe('');
    expect(screen.queryByText(keep)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Password').closest('.ant-form-item-has-error')).toBeTruthy());
    expect(screen.getByText(again)).toBeTruthy();
    expect(screen.queryByText('Enter the password.')).toBeNull();
    expect(screen.queryByText(/enter its password again/)).toBeNull();
    expect(calls(fetchMock, 'PUT', '/it4u/controllers/1')).toHaveLength(0);

    // back to the stored address: the stored password may be kept again
    type('Address', 'https://unifi.example.vn:8443');
    await waitFor(() => expect(fieldValue('Password')).toBe('********'));
    expect(await screen.findByText(keep)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(again)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/it4u/controllers/1')).toHaveLength(1));
    expect(bodyOf(calls(fetchMock, 'PUT', '/it4u/controllers/1')[0])).toEqual({
      name: 'HQ',
      url: 'https://unifi.example.vn:8443',
      flavor: 'auto',
      signIn: 'account',
      username: 'admin',
      password: '********',
      verifyTls: true,
      tlsFingerprint: '',
      timeoutSeconds: 10,
    });
    expect(await screen.findByText('HQ saved: signing in worked')).toBeTruthy();
    expect(screen.getByText('Signed in to the UniFi controller (unifios).')).toBeTruthy();
  });

  it('empties a stored API key when the TLS check changes, and says to type it again', async () => {
    serve({ items: [hq, branch], demo: false });
    renderWithProviders(<ControllersCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Branch' }));
    expect(apiKeyField().value).toBe('********');
    fireEvent.click(screen.getByRole('switch', { name: "Verify the controller's TLS certificate" }));
    expect(
      await screen.findByText('Type the API key again: the stored one is not sent to a new address.'),
    ).toBeTruthy();
    expect(apiKeyField().value).toBe('');
    expect(screen.queryByText('A value is stored. Leave it as it is to keep it, or replace it.')).toBeNull();
  });

  it('trusts a refused self-signed certificate by its fingerprint, keeping the stored password, in both languages', async () => {
    const fingerprint = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').toUpperCase()).join(
      ':',
    );
    const refused: ControllerView = {
      ...hq,
      state: {
        ...branch.state,
        error: {
          ok: false,
          code: 'controllerCertificateUntrusted',
          params: { fingerprint, reason: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
          message: 'not trusted',
        },
      } as ControllerView['state'],
    };
    const fetchMock = serve({ items: [refused], demo: false }, savesHq);
    renderWithProviders(<ControllersCard />);
    // the refusal names the fingerprint, for the administrator to compare with the controller's
    expect(await screen.findByText(new RegExp(`Its SHA-256 fingerprint is ${fingerprint}`))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Trust this certificate…' }));
    expect(fieldValue('Trusted certificate (SHA-256 fingerprint)')).toBe(fingerprint);
    // pinning asks for no password again: the stored one goes only to that certificate
    expect(fieldValue('Password')).toBe('********');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetchMock, 'PUT', '/it4u/controllers/1')).toHaveLength(1));
    expect(bodyOf(calls(fetchMock, 'PUT', '/it4u/controllers/1')[0])).toMatchObject({
      password: '********',
      verifyTls: true,
      tlsFingerprint: fingerprint,
    });

    await i18n.changeLanguage('vi');
    expect(await screen.findByText(new RegExp(`Dấu vân tay SHA-256 của nó là ${fingerprint}`))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tin cậy chứng chỉ này…' })).toBeTruthy();
  });

  it('refuses a fingerprint that is not one, and asks the password again when a pin is dropped with no check left', async () => {
    const pinned = Array(32).fill('AB').join(':');
    serve({
      items: [{ ...branch, signIn: 'account', username: 'admin', password: '********', tlsFingerprint: pinned }],
      demo: false,
    });
    renderWithProviders(<ControllersCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Branch' }));
    type('Trusted certificate (SHA-256 fingerprint)', 'AB:CD');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expectFieldError(
      'Trusted certificate (SHA-256 fingerprint)',
      'Enter 32 pairs of hexadecimal digits separated by colons (AB:CD:…), or leave it empty.',
    );
    // emptied while the TLS check is off: the stored password would go to whoever answers
    type('Trusted certificate (SHA-256 fingerprint)', '');
    await waitFor(() => expect(fieldValue('Password')).toBe(''));
    expect(
      await screen.findByText('Type the password again: the stored one is not sent to a new address or account.'),
    ).toBeTruthy();
  });

  it('checks a controller now: its button spins, then a message says what it found and its row shows it', async () => {
    const branchCheck = held();
    const fetchMock = serve({ items: [hq, branch], demo: false }, (url, method) => {
      if (url.endsWith('/it4u/controllers/2/check') && method === 'POST') return branchCheck.answer;
      if (url.endsWith('/it4u/controllers/1/check') && method === 'POST') return jsonResponse(200, branch.state);
      return undefined;
    });
    renderWithProviders(<ControllersCard />);
    const row = (await screen.findByText('Branch')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Unreachable')).toBeTruthy();
    const button = within(row).getByRole('button', { name: 'Check now: Branch' });
    fireEvent.click(button);
    await waitFor(() => expect(button.classList.contains('ant-btn-loading')).toBe(true));
    // only this row's button spins
    const hqButton = screen.getByRole('button', { name: 'Check now: HQ' });
    expect(hqButton.classList.contains('ant-btn-loading')).toBe(false);

    branchCheck.release(jsonResponse(200, { ...hq.state, latencyMs: 42, version: '9.1.0' }));
    expect(await screen.findByText('Checked Branch: reachable, 42 ms.')).toBeTruthy();
    expect(within(row).getByText('Reachable')).toBeTruthy();
    expect(within(row).getByText('42 ms')).toBeTruthy();
    expect(within(row).getByText('9.1.0')).toBeTruthy();
    await waitFor(() => expect(button.classList.contains('ant-btn-loading')).toBe(false));
    expect(calls(fetchMock, 'POST', '/it4u/controllers/2/check')).toHaveLength(1);

    // an unreachable one says why
    fireEvent.click(hqButton);
    expect(
      await screen.findByText('Checked HQ: unreachable. The UniFi controller cannot be reached (ECONNREFUSED).'),
    ).toBeTruthy();
  });

  it('asks before removing, says the sites stay, then DELETEs', async () => {
    let list: ControllerList = { items: [hq, branch], demo: false };
    const fetchMock = serve(list, (url, method) => {
      if (url.endsWith('/it4u/controllers/2') && method === 'DELETE') {
        list = { items: [hq], demo: false };
        return jsonResponse(200, { message: 'Removed.' });
      }
      if (url.endsWith('/it4u/controllers') && method === 'GET') return jsonResponse(200, list);
      return undefined;
    });
    renderWithProviders(<ControllersCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Branch' }));
    expect(
      await screen.findByText(
        'Remove the controller Branch? Its sites stay in the console; they are read from the primary controller until a site sync finds them on another.',
      ),
    ).toBeTruthy();
    expect(calls(fetchMock, 'DELETE', '/it4u/controllers/2')).toHaveLength(0);
    // the answer that removes is red and says what it does
    const confirm = screen.getByRole('button', { name: 'Remove' });
    expect(confirm.classList.contains('ant-btn-dangerous')).toBe(true);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls(fetchMock, 'DELETE', '/it4u/controllers/2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Branch')).toBeNull());
    // said once the list is asked again (the removal's promise settles after that)
    expect(await screen.findByText('The controller Branch was removed.')).toBeTruthy();
  });

  it('says, before removing the primary, which controller takes its place, or that the demo comes back', async () => {
    serve({ items: [hq, branch], demo: false });
    const { unmount } = renderWithProviders(<ControllersCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove HQ' }));
    expect(
      await screen.findByText(
        'Remove the controller HQ? It is the primary controller: Branch becomes the primary. Its sites stay in the console; they are read from the primary controller until a site sync finds them on another.',
      ),
    ).toBeTruthy();
    unmount();

    serve({ items: [hq], demo: false });
    renderWithProviders(<ControllersCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove HQ' }));
    expect(
      await screen.findByText(
        'Remove the controller HQ? It is the only controller: the console goes back to the demo controller. Its sites stay in the console.',
      ),
    ).toBeTruthy();
  });

  it('on a phone shows each controller as a card with its state and actions, no table', async () => {
    setViewportWidth(390);
    serve({ items: [hq, branch], demo: false });
    renderWithProviders(<ControllersCard />);
    const card = (await screen.findByText('Branch')).closest('li') as HTMLElement;
    expect(document.querySelector('table')).toBeNull();
    for (const text of [
      'https://10.0.0.2:8443',
      'Unreachable',
      'API key',
      'Last check',
      'The UniFi controller cannot be reached (ECONNREFUSED).',
    ]) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
    for (const name of ['Edit Branch', 'Check now: Branch', 'Remove Branch']) {
      expect(within(card).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('in the Parameter tab, a saved controller asks the parameters again and the form shows them', async () => {
    const parameters = {
      usernameUbnt: '',
      pwUbnt: '',
      tokenUcrm: '********',
      tokenDev: '********',
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
    let saved = false;
    const fetchMock = serve({ items: [], demo: true }, (url, method) => {
      if (url.endsWith('/it4u/systemConfig')) {
        return jsonResponse(200, saved ? { ...parameters, urlUbnt: 'https://first.example.vn' } : parameters);
      }
      if (url.endsWith('/it4u/controllers') && method === 'POST') {
        saved = true;
        return jsonResponse(201, {
          controller: { ...hq, url: 'https://first.example.vn' },
          check: { ok: true, code: 'controllerSignedIn', params: { flavor: 'classic' }, message: 'ok' },
        });
      }
      return undefined;
    });
    renderWithProviders(<ParametersTab />);
    const address = (await screen.findByLabelText('Controller address')) as HTMLInputElement;
    expect(address.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: /Add controller/ }));
    type('Name', 'HQ');
    type('Address', 'https://first.example.vn');
    type('Username', 'admin');
    type('Password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('HQ saved: signing in worked')).toBeTruthy();
    expect(calls(fetchMock, 'GET', '/it4u/systemConfig').length).toBeGreaterThanOrEqual(2);
    await waitFor(() =>
      expect((screen.getByLabelText('Controller address') as HTMLInputElement).value).toBe('https://first.example.vn'),
    );
  });
});
