import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { AddUserModal } from './AddUserModal.tsx';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByTitle(option));
}

const HINT =
  'The user will have to choose their own password at the first sign-in: give them this one to sign in with.';

describe('add user dialog', () => {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') return jsonResponse(201, { id: 7, username: 'lan.tran', changePw: true });
    if (url.endsWith('/roles')) return jsonResponse(200, [{ id: 1, name: 'ROLE_KH' }]);
    return jsonResponse(200, []);
  });

  beforeEach(() => {
    setAccessToken('token');
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says the new user chooses their own password at the first sign-in, before and after creating', async () => {
    const onClose = vi.fn();
    renderWithProviders(<AddUserModal onClose={onClose} />);
    expect(await screen.findByText(HINT)).toBeTruthy();

    type('Name', 'Trần Lan');
    type('Username', 'lan.tran');
    type('E-mail', 'lan.tran@example.vn');
    type('Password', 'Initial-pass-1');
    type('Confirm password', 'Initial-pass-1');
    await choose('Gender', 'Female');
    await choose('Language', 'Vietnamese');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(url).toBe('/api/v1/auth/signup');
    expect(JSON.parse(String(init?.body))).toMatchObject({ username: 'lan.tran', password: 'Initial-pass-1' });
    expect(
      await screen.findByText('The user has been created. They will choose their own password at the first sign-in.'),
    ).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });
});
