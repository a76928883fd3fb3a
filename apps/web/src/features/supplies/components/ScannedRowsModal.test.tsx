import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { ScannedRowsModal } from './ScannedRowsModal.tsx';

const item = {
  id: 3,
  itemCode: 'U7PG2',
  name: 'UniFi AP AC Pro',
  unit: 'Cái',
  number: 5,
  value: 0,
  note: '',
  minStock: null,
};

/** Picks an option of an antd Select by its label (clicking the item antd shows, by its text). */
async function choose(label: string, option: RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const found = await waitFor(() => {
    const options = [...document.querySelectorAll('.ant-select-item-option')].filter((el) =>
      option.test(el.textContent ?? ''),
    );
    expect(options).toHaveLength(1);
    return options[0] as HTMLElement;
  });
  fireEvent.click(found);
}

describe('labels scanned in a row', () => {
  const posted: Record<string, unknown>[] = [];
  beforeEach(() => {
    posted.length = 0;
    setAccessToken('token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).includes('/listSupplies')) return jsonResponse(200, { items: [item], total: 1 });
        if (String(url).endsWith('/exportWarehouse') && init?.method === 'POST') {
          const body = JSON.parse(String(init.body));
          posted.push(body);
          if (body.serialNum === 'SN-TAKEN')
            return jsonResponse(404, { statusCode: 404, code: 'contractNotFound', message: 'Contract not found.' });
          return jsonResponse(201, { id: posted.length, ...body });
        }
        return jsonResponse(200, {});
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds one record each, a MAC in the MAC field, and keeps a refused code with its reason', async () => {
    const closed = vi.fn();
    renderWithProviders(
      <ScannedRowsModal kind="out" codes={['SN-1', 'aa-bb-cc-00-11-22', 'SN-TAKEN']} onClose={closed} />,
    );
    expect(await screen.findByText('3 labels scanned: one record each')).toBeTruthy();
    // the item is required
    fireEvent.click(screen.getByRole('button', { name: 'Add 3 records' }));
    expect(await screen.findByText('Please choose the item!')).toBeTruthy();
    expect(posted).toEqual([]);
    await choose('Item code', /U7PG2/);
    fireEvent.click(screen.getByRole('button', { name: 'Add 3 records' }));
    await waitFor(() => expect(posted).toHaveLength(3));
    expect(posted.map((b) => [b.itemCode, b.serialNum, b.mac, b.number])).toEqual([
      ['U7PG2', 'SN-1', '', 1],
      ['U7PG2', '', 'aa-bb-cc-00-11-22', 1],
      ['U7PG2', 'SN-TAKEN', '', 1],
    ]);
    // the refused one stays, with why; the saved ones are gone from the list
    await waitFor(() => expect(screen.queryByText('SN-1')).toBeNull());
    expect(screen.getByText('SN-TAKEN')).toBeTruthy();
    expect(screen.getByText(/Some codes were refused/)).toBeTruthy();
    expect(screen.getByText('Contract not found.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add 1 records' })).toBeTruthy();
    expect(closed).not.toHaveBeenCalled();
  });
});
