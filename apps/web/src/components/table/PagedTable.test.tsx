import { fireEvent, screen } from '@testing-library/react';
import type { TableColumnsType } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { DeleteAction } from './DeleteAction.tsx';
import { PagedTable, type PageQuery } from './PagedTable.tsx';
import { usePaging } from './usePaging.ts';

type Row = { id: number; name: string };

const columns: TableColumnsType<Row> = [{ key: 'name', title: 'Name', dataIndex: 'name' }];

function Harness({ query, onAdd, onDelete }: { query: PageQuery<Row>; onAdd: () => void; onDelete: () => void }) {
  const paging = usePaging();
  return (
    <>
      <PagedTable<Row>
        query={query}
        paging={paging}
        columns={columns}
        searchPlaceholder="Find a row"
        addLabel="Add row"
        onAdd={onAdd}
      />
      <DeleteAction onConfirm={onDelete} />
      <output aria-label="paging">{JSON.stringify(paging.params)}</output>
    </>
  );
}

function renderHarness(query: Partial<PageQuery<Row>>) {
  const onAdd = vi.fn();
  const onDelete = vi.fn();
  const full: PageQuery<Row> = {
    data: undefined,
    error: null,
    isError: false,
    isFetching: false,
    refetch: vi.fn(() => Promise.resolve()),
    ...query,
  };
  renderWithProviders(<Harness query={full} onAdd={onAdd} onDelete={onDelete} />);
  return { onAdd, onDelete, refetch: full.refetch };
}

describe('PagedTable', () => {
  it('shows the rows and total, searches from page 1 and adds', () => {
    const { onAdd } = renderHarness({ data: { items: [{ id: 1, name: 'alpha' }], total: 1 } });
    expect(screen.getByRole('cell', { name: 'alpha' })).toBeTruthy();
    expect(screen.getByText('1 in total')).toBeTruthy();

    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search.getAttribute('placeholder')).toBe('Find a row');
    fireEvent.change(search, { target: { value: ' beta ' } });
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    expect(JSON.parse(screen.getByLabelText('paging').textContent ?? '')).toMatchObject({ page: 1, q: 'beta' });

    fireEvent.click(screen.getByRole('button', { name: /Add row/ }));
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it('shows the error with a Retry that refetches', () => {
    const { refetch } = renderHarness({ isError: true, error: new TypeError('Failed to fetch') });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});

describe('DeleteAction', () => {
  it('deletes only after Yes', async () => {
    const { onDelete } = renderHarness({});
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Sure to delete?')).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });
});
