import { MAX_UPLOAD_BYTES } from '@it4u/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, postWithProgress } from '../../../api/client.ts';
import { readFirstSheet } from '../../../components/upload/readSheet.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { SpreadsheetActions } from './SpreadsheetActions.tsx';

vi.mock('../../../components/upload/readSheet.ts', () => ({ readFirstSheet: vi.fn() }));
vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  postWithProgress: vi.fn(),
}));

const read = vi.mocked(readFirstSheet);
const post = vi.mocked(postWithProgress);

function choose(file: File) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  expect(input.getAttribute('accept')).toBe('.xlsx,.xls');
  fireEvent.change(input, { target: { files: [file] } });
}

function sized(name: string, size: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('spreadsheet upload', () => {
  afterEach(() => vi.clearAllMocks());

  it('refuses a file that is not .xlsx or .xls without reading or sending it', async () => {
    renderWithProviders(<SpreadsheetActions kind="importWarehouse" />);
    choose(sized('stock.csv', 100));
    expect(await screen.findByText('Only spreadsheets (.xlsx or .xls) can be uploaded.')).toBeTruthy();
    expect(read).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses a file over the size limit', async () => {
    renderWithProviders(<SpreadsheetActions kind="listSupplies" />);
    choose(sized('catalogue.xlsx', MAX_UPLOAD_BYTES + 1));
    expect(await screen.findByText('The file is too big: at most 20 MB.')).toBeTruthy();
    expect(read).not.toHaveBeenCalled();
  });

  it('sends the rows of the first sheet and reports how many were saved', async () => {
    read.mockResolvedValue([{ 'Mã vật tư': 'SW-01' }, { 'Mã vật tư': 'SW-02' }]);
    post.mockResolvedValue({ saved: 2 });
    renderWithProviders(<SpreadsheetActions kind="listSupplies" />);
    choose(sized('catalogue.xlsx', 2048));
    expect(await screen.findByText('Upload successful: 2 rows saved')).toBeTruthy();
    expect(post).toHaveBeenCalledWith(
      '/it4u/uploadListSupplies',
      [{ 'Mã vật tư': 'SW-01' }, { 'Mã vật tư': 'SW-02' }],
      expect.any(Function),
    );
  });

  it('lists every bad row of a 422 answer', async () => {
    read.mockResolvedValue([{ a: 1 }, { a: 2 }, { a: 3 }]);
    post.mockRejectedValue(
      new HttpError({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: '2 rows are invalid; nothing was saved',
        details: [
          { row: 4, reason: 'Unknown item code XYZ' },
          { row: 2, reason: 'Invalid MAC address' },
        ],
      }),
    );
    renderWithProviders(<SpreadsheetActions kind="exportWarehouse" />);
    choose(sized('out.xlsx', 2048));
    // (antd gives every dialog the same aria-labelledby id under test, so find the dialog by its title.)
    const dialog = (await screen.findByText('The upload was refused')).closest('[role="dialog"]') as HTMLElement;
    // the dialog says it in the reader's language, not with the server's English sentence
    expect(within(dialog).getByText(/Nothing was saved: 2 rows need fixing/)).toBeTruthy();
    expect(within(dialog).queryByText('2 rows are invalid; nothing was saved')).toBeNull();
    const cells = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent));
    expect(cells).toEqual([
      ['2', 'Invalid MAC address'],
      ['4', 'Unknown item code XYZ'],
    ]);
    const close = within(dialog).getAllByRole('button', { name: 'Close' });
    fireEvent.click(close[close.length - 1]);
    await waitFor(() => expect(screen.queryByText('Invalid MAC address')).toBeNull());
  });
});
