import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { indexColumn, rowNumber } from './indexColumn.tsx';

type Row = { id: number | null };

describe('rowNumber', () => {
  it('numbers the rows across pages', () => {
    expect(rowNumber({ page: 1, pageSize: 10 }, 0, false)).toBe(1);
    expect(rowNumber({ page: 1, pageSize: 10 }, 9, false)).toBe(10);
    expect(rowNumber({ page: 3, pageSize: 20 }, 4, false)).toBe(45);
  });

  it('does not count the new row on top', () => {
    expect(rowNumber({ page: 1, pageSize: 10 }, 1, true)).toBe(1);
    expect(rowNumber({ page: 2, pageSize: 10 }, 1, true)).toBe(11);
  });
});

describe('indexColumn', () => {
  const options = { title: '#', newLabel: 'New', width: 60 };

  it('shows the number of a saved row on its page', () => {
    const column = indexColumn<Row>(options, { page: 2, pageSize: 10 }, false);
    expect(column.render?.(undefined, { id: 7 }, 2)).toBe(13);
  });

  it('tags the new row, and numbers the rows under it from the page start', () => {
    const column = indexColumn<Row>(options, { page: 2, pageSize: 10 }, true);
    render(column.render?.(undefined, { id: null }, 0) as ReactElement);
    expect(screen.getByText('New')).toBeTruthy();
    expect(column.render?.(undefined, { id: 7 }, 1)).toBe(11);
  });

  it('is the fixed, centred first column', () => {
    expect(indexColumn<Row>(options, { page: 1, pageSize: 10 }, false)).toMatchObject({
      key: 'index',
      title: '#',
      width: 60,
      align: 'center',
      fixed: 'left',
    });
  });
});
