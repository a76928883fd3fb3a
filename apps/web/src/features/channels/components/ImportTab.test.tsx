import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, postWithProgress } from '../../../api/client.ts';
import { readFirstSheet } from '../../../components/upload/readSheet.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { ImportTab } from './ImportTab.tsx';

vi.mock('../../../components/upload/readSheet.ts', () => ({ readFirstSheet: vi.fn() }));
const { readFirstSheet: realReadFirstSheet } = await vi.importActual<
  typeof import('../../../components/upload/readSheet.ts')
>('../../../components/upload/readSheet.ts');
vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  postWithProgress: vi.fn(),
}));

const read = vi.mocked(readFirstSheet);
const post = vi.mocked(postWithProgress);

const ROWS = [
  { 'Số hợp đồng': 'HD-1', 'Tên kênh': 'Kênh một', 'Nhà cung cấp': 'VNPT' },
  { 'Số hợp đồng': 'HD-2', 'Tên kênh': 'Kênh hai', 'Nhà cung cấp': 'Không có' },
];

function choose(name = 'kenh.xlsx', size = 2048, content = 'x') {
  const file = new File([content], name);
  Object.defineProperty(file, 'size', { value: size });
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  expect(input.getAttribute('accept')).toBe('.xlsx,.xls');
  fireEvent.change(input, { target: { files: [file] } });
}

function previewCells() {
  const table = screen.getByLabelText('Rows of the spreadsheet');
  return Array.from(table.querySelectorAll('tbody tr.ant-table-row')).map((row) =>
    Array.from(row.querySelectorAll('td')).map((td) => td.textContent),
  );
}

describe('channel import', () => {
  afterEach(() => vi.clearAllMocks());

  it('refuses a file that is not a spreadsheet without reading it', async () => {
    renderWithProviders(<ImportTab />);
    choose('kenh.csv');
    expect(await screen.findByText('Only spreadsheets (.xlsx or .xls) can be uploaded.')).toBeTruthy();
    expect(read).not.toHaveBeenCalled();
  });

  it('refuses a text file renamed .xlsx: no preview of its lines, nothing sent', async () => {
    read.mockImplementationOnce(realReadFirstSheet);
    renderWithProviders(<ImportTab />);
    choose('kenh.xlsx', 60, 'Số hợp đồng,Tên kênh\nHD-1,Kênh một\nHD-2,Kênh hai\n');
    expect(
      await screen.findByText(
        'This file is not a spreadsheet: its content is not an .xlsx or .xls workbook, whatever its name says.',
      ),
    ).toBeTruthy();
    expect(read).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText('Rows of the spreadsheet')).toBeNull();
    expect(screen.queryByText(/rows read from/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('shows the rows before sending them, numbered as in the sheet', async () => {
    read.mockResolvedValue(ROWS);
    renderWithProviders(<ImportTab />);
    choose();
    expect(await screen.findByText('2 rows read from kenh.xlsx')).toBeTruthy();
    expect(previewCells()).toEqual([
      ['2', 'HD-1', 'Kênh một', 'VNPT'],
      ['3', 'HD-2', 'Kênh hai', 'Không có'],
    ]);
    expect(post).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: /Clear/ }));
    await waitFor(() => expect(screen.queryByText('2 rows read from kenh.xlsx')).toBeNull());
  });

  it('on 422 lists every bad row and keeps the preview, with the errors on their rows', async () => {
    read.mockResolvedValue(ROWS);
    post.mockRejectedValue(
      new HttpError({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: '1 row(s) of the spreadsheet cannot be imported; nothing was saved.',
        details: [{ row: 3, reason: 'unknown provider "Không có"' }],
      }),
    );
    renderWithProviders(<ImportTab />);
    choose();
    fireEvent.click(await screen.findByRole('button', { name: /Send 2 rows/ }));
    const dialog = (await screen.findByText('The upload was refused')).closest('[role="dialog"]') as HTMLElement;
    expect(post).toHaveBeenCalledWith('/it4u/import/channel', ROWS, expect.any(Function));
    const reasons = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent));
    expect(reasons).toEqual([['3', 'unknown provider "Không có"']]);
    const close = within(dialog).getAllByRole('button', { name: 'Close' });
    fireEvent.click(close[close.length - 1]);
    await waitFor(() => expect(screen.queryByText('The upload was refused')).toBeNull());
    expect(previewCells()).toEqual([
      ['2', '', 'HD-1', 'Kênh một', 'VNPT'],
      ['3', 'unknown provider "Không có"', 'HD-2', 'Kênh hai', 'Không có'],
    ]);
    expect(screen.getByRole('button', { name: /Send 2 rows/ })).toBeTruthy();
  });

  it('reports how many rows were saved and clears the preview', async () => {
    read.mockResolvedValue(ROWS);
    post.mockResolvedValue({ saved: 2 });
    renderWithProviders(<ImportTab />);
    choose();
    fireEvent.click(await screen.findByRole('button', { name: /Send 2 rows/ }));
    expect(await screen.findByText('Import successful: 2 rows saved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('2 rows read from kenh.xlsx')).toBeNull());
  });
});
