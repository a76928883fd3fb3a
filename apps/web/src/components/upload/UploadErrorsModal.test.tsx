import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { UploadErrorsModal } from './UploadErrorsModal.tsx';

describe('UploadErrorsModal', () => {
  it('shows every row, not only the first page', () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ row: i + 2, reason: `problem ${i + 2}`, problems: [] }));
    renderWithProviders(<UploadErrorsModal rows={rows} onClose={() => {}} />);
    expect(screen.getByText(/Nothing was saved: 25 rows need fixing/)).toBeTruthy();
    expect(screen.getByText('problem 2')).toBeTruthy();
    expect(screen.getByText('problem 26')).toBeTruthy();
  });
});
