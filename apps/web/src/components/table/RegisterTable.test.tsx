import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button, Tag } from 'antd';
import { type Key, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/tokens.ts';
import { jsonResponse, renderWithProviders } from '../../test/renderWithProviders.tsx';
import { setViewportWidth } from '../../test/viewport.ts';
import { type RegisterColumn, RegisterTable } from './RegisterTable.tsx';

type Line = { id: number; code: string; name: string; status: string; serial: string; note: string };

const lines: Line[] = [
  { id: 1, code: 'AP-01', name: 'Bộ phát wifi', status: 'In use', serial: 'SN-1', note: 'Sảnh' },
  { id: 2, code: 'SW-02', name: 'Switch 24 cổng', status: 'Broken', serial: 'SN-2', note: 'Kho' },
];

const columns: RegisterColumn<Line>[] = [
  { key: 'code', title: 'Code', dataIndex: 'code' },
  { key: 'name', title: 'Name', dataIndex: 'name' },
  { key: 'status', title: 'Status', dataIndex: 'status', render: (s: string) => <Tag>{s}</Tag> },
  { key: 'serial', title: 'Serial', dataIndex: 'serial' },
  { key: 'note', title: 'Note', dataIndex: 'note' },
  { key: 'actions', title: 'Actions', render: (_, line) => <Button>Delete {line.code}</Button> },
];

let userId = 7;

/** A register of cards whose rows can shrink by one (as when a device on the last page is blocked). */
function Shrinking(props: { start: Line[]; columns: RegisterColumn<Line>[]; onPick: (keys: Key[]) => void }) {
  const [rows, setRows] = useState(props.start);
  const [picked, setPicked] = useState<Key[]>([]);
  return (
    <>
      <button type="button" onClick={() => setRows(rows.slice(0, -1))}>
        drop one
      </button>
      <RegisterTable<Line>
        rowKey="id"
        columns={props.columns}
        dataSource={rows}
        pagination={{ pageSize: 10 }}
        rowSelection={{
          selectedRowKeys: picked,
          onChange: (keys) => {
            setPicked(keys);
            props.onPick(keys);
          },
        }}
      />
    </>
  );
}

describe('RegisterTable', () => {
  beforeEach(() => {
    setAccessToken('token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { id: userId, username: `u${userId}`, name: 'U', roles: [] })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const table = (expanded?: (line: Line) => boolean) => (
    <RegisterTable<Line>
      rowKey="id"
      columns={columns}
      dataSource={lines}
      card={{ title: ['code', 'name'] }}
      chooser={{ key: 'lines', hidden: ['note'] }}
      expanded={expanded}
    />
  );

  it('on a phone, shows each row as a card: its name, status and actions, the rest on opening it', async () => {
    setViewportWidth(390);
    renderWithProviders(table());
    expect(document.querySelector('table')).toBeNull();
    const card = screen.getByText('AP-01').closest('li') as HTMLElement;
    for (const text of ['Bộ phát wifi', 'In use', 'Delete AP-01']) expect(within(card).getByText(text)).toBeTruthy();
    expect(within(card).queryByText('SN-1')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: /More/ }));
    // every other field with its name, the ones the wide table hides by default too
    expect(within(card).getByText('Serial')).toBeTruthy();
    expect(within(card).getByText('SN-1')).toBeTruthy();
    expect(within(card).getByText('Sảnh')).toBeTruthy();
    expect(within(card).getByRole('button', { name: /Less/ }).getAttribute('aria-expanded')).toBe('true');
    // the other card stays closed
    const other = screen.getByText('SW-02').closest('li') as HTMLElement;
    expect(within(other).queryByText('SN-2')).toBeNull();
  });

  it('on a phone, sorts as the sortable columns allow, picks the rows of the page, and never shows an empty page', async () => {
    setViewportWidth(390);
    const many = Array.from({ length: 11 }, (_, i) => ({
      ...lines[0],
      id: i + 1,
      code: `C-${String(i + 1).padStart(2, '0')}`,
    }));
    const picked: Key[][] = [];
    const sortable: RegisterColumn<Line>[] = [
      { ...columns[0], sorter: (a: Line, b: Line) => a.code.localeCompare(b.code), defaultSortOrder: 'descend' },
      ...columns.slice(1),
    ];
    const codes = () => [...document.querySelectorAll('li .ant-card-head-title')].map((el) => el.textContent);
    renderWithProviders(<Shrinking start={many} columns={sortable} onPick={(keys) => picked.push(keys)} />);
    expect(codes()[0]).toBe('C-11');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click((await screen.findAllByText('Code, ascending')).at(-1) as HTMLElement);
    expect(codes()[0]).toBe('C-01');
    expect(codes()).toHaveLength(10);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(picked.at(-1)).toHaveLength(10);
    expect(screen.getByRole('checkbox', { name: 'C-03' })).toBeTruthy();

    // on page 2 (one row), that row goes away: page 1 shows, not an empty list
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(codes()).toEqual(['C-11']);
    fireEvent.click(screen.getByRole('button', { name: 'drop one' }));
    expect(codes()).toHaveLength(10);
  });

  it('on a phone, a row being edited shows all its fields at once', () => {
    setViewportWidth(390);
    renderWithProviders(table((line) => line.id === 2));
    const card = screen.getByText('SW-02').closest('li') as HTMLElement;
    expect(within(card).getByText('Editing')).toBeTruthy();
    expect(within(card).getByText('Code')).toBeTruthy();
    expect(within(card).getByText('Kho')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /More/ })).toBeNull();
  });

  it('on a wide screen, hides the columns chosen away, and remembers the choice per user', async () => {
    const header = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    const { unmount } = renderWithProviders(table());
    expect(header()).toEqual(['Code', 'Name', 'Status', 'Serial', 'Actions']);
    await waitFor(() => expect(fetch).toHaveBeenCalled()); // who the user is
    await new Promise((resolve) => setTimeout(resolve, 50));

    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));
    // the first column names the row and the actions stay: neither can be hidden
    expect(screen.queryByRole('checkbox', { name: 'Code' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Actions' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Serial' })).toBeTruthy());
    fireEvent.click(screen.getByRole('checkbox', { name: 'Serial' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Note' }));
    expect(header()).toEqual(['Code', 'Name', 'Status', 'Note', 'Actions']);
    unmount();

    // the same user again: the same columns
    const again = renderWithProviders(table());
    await waitFor(() => expect(header()).toEqual(['Code', 'Name', 'Status', 'Note', 'Actions']));
    again.unmount();

    // another user in this browser: the defaults
    userId = 8;
    renderWithProviders(table());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(header()).toEqual(['Code', 'Name', 'Status', 'Serial', 'Actions']);
  });

  it('on a wide screen, a row being edited shows every column (its inputs must be at hand)', () => {
    renderWithProviders(table((line) => line.id === 1));
    const header = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(header).toEqual(['Code', 'Name', 'Status', 'Serial', 'Note', 'Actions']);
  });
});
