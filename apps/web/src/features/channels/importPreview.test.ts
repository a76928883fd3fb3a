import { describe, expect, it } from 'vitest';
import { cellText, previewColumns, previewRows } from './importPreview.ts';

const rows = [
  { 'Số hợp đồng': 'HD-1', 'Tên kênh': 'Kênh 1', 'Ngày yêu cầu triển khai': 46086 },
  { 'Số hợp đồng': 'HD-2', 'Tên kênh': 'Kênh 2', 'Ngày yêu cầu triển khai': '06-03-2026', __EMPTY: 'x' },
];

describe('import preview', () => {
  it('takes its columns from the header row, in sheet order', () => {
    expect(previewColumns(rows)).toEqual(['Số hợp đồng', 'Tên kênh', 'Ngày yêu cầu triển khai']);
    expect(previewColumns([])).toEqual([]);
  });

  it('numbers rows as the spreadsheet does (the header is row 1) and puts the errors on their rows', () => {
    const provider = { row: 3, reason: 'unknown provider "X"', problems: [] };
    const date = { row: 3, reason: 'bad date', problems: [] };
    const preview = previewRows(rows, [provider, date]);
    expect(preview.map((r) => r.rowNumber)).toEqual([2, 3]);
    expect(preview[0].errors).toEqual([]);
    expect(preview[1].errors).toEqual([provider, date]);
  });

  it('shows date serials under a date header as dates, and other cells as they are', () => {
    expect(cellText(46086, 'Ngày yêu cầu triển khai')).toBe('05-03-2026');
    expect(cellText(46086, 'Deploy request date')).toBe('05-03-2026');
    expect(cellText(46086, 'Cước phí')).toBe('46086');
    expect(cellText('06-03-2026', 'Ngày online')).toBe('06-03-2026');
    expect(cellText(null)).toBe('');
  });
});
