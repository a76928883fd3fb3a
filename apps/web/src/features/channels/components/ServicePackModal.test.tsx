import type { ServicePack } from '@it4u/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { expectFieldError } from '../../../test/fieldError.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { ServicePackModal } from './ServicePackModal.tsx';

const pack: ServicePack = {
  id: 7,
  servicePack: 'FTTH Doanh nghiệp',
  value: '2.000.000',
  channelName: { id: 1, name: 'VNPT' },
  availabilityTarget: 99.5,
  countedHours: 'business',
};

/** The server: one provider with one pack; remembers each write (method, body). */
function server(answer: (method: string) => Response = () => jsonResponse(200, pack)) {
  const writes: { method: string; url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        writes.push({ method, url, body: JSON.parse(String(init?.body ?? '{}')) });
        return answer(method);
      }
      if (url.endsWith('/it4u/channel.name')) return jsonResponse(200, [{ id: 1, name: 'VNPT' }]);
      if (url.endsWith('/it4u/channel/value.all.1')) return jsonResponse(200, [pack]);
      return jsonResponse(404, { statusCode: 404, code: 'notFound' });
    }),
  );
  return writes;
}

/** Picks an option of the select labelled `label`. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  // (the options may come with the provider's packs, after the list opened)
  const found = await screen.findAllByText(option);
  fireEvent.click(found.at(-1) as HTMLElement);
}

describe('a service pack', () => {
  beforeEach(() => setAccessToken('token'));
  afterEach(() => vi.unstubAllGlobals());

  it('is added with the availability its provider contracts', async () => {
    const writes = server();
    const closed = vi.fn();
    renderWithProviders(<ServicePackModal providerId={1} onClose={closed} />);
    fireEvent.change(screen.getByLabelText('Service pack'), { target: { value: 'FTTH 300M' } });
    fireEvent.change(screen.getByLabelText('Contracted availability'), { target: { value: '99.9' } });
    await pick('Hours the availability counts', 'All day');
    fireEvent.click(screen.getByRole('button', { name: 'Add', hidden: true }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(writes).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: {
          servicePack: 'FTTH 300M',
          value: '',
          availabilityTarget: 99.9,
          countedHours: 'all',
          channelName: { id: 1 },
        },
      }),
    ]);
  });

  it("changes a pack of the provider's: its terms shown, the new figure saved; a refusal said under the field", async () => {
    let refuse = true;
    const writes = server(() =>
      refuse
        ? jsonResponse(400, {
            statusCode: 400,
            code: 'targetTooFine',
            details: [{ field: 'availabilityTarget', code: 'targetTooFine' }],
          })
        : jsonResponse(200, { ...pack, availabilityTarget: 99.95 }),
    );
    const closed = vi.fn();
    renderWithProviders(<ServicePackModal providerId={1} onClose={closed} />);
    // the packs' select opens once the provider is known
    await waitFor(() => expect((screen.getByLabelText('Pack') as HTMLInputElement).disabled).toBe(false));
    await pick('Pack', 'FTTH Doanh nghiệp (2.000.000)');
    await waitFor(() =>
      expect((screen.getByLabelText('Service pack') as HTMLInputElement).value).toBe('FTTH Doanh nghiệp'),
    );
    const target = screen.getByLabelText('Contracted availability') as HTMLInputElement;
    expect(target.value).toBe('99.5');
    fireEvent.change(target, { target: { value: '99.9995' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save', hidden: true }));
    await expectFieldError(
      'Contracted availability',
      'An availability is given to the thousandth of a percent at most (99.995).',
    );
    expect(closed).not.toHaveBeenCalled();
    refuse = false;
    fireEvent.change(target, { target: { value: '99.95' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save', hidden: true }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(writes.at(-1)).toMatchObject({
      method: 'PUT',
      url: expect.stringContaining('/it4u/channel/value.7'),
      body: {
        servicePack: 'FTTH Doanh nghiệp',
        value: '2.000.000',
        availabilityTarget: 99.95,
        countedHours: 'business',
      },
    });
  });
});
