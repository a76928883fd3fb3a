import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { setViewportWidth } from '../../test/viewport.ts';
import { PageTabs } from './PageTabs.tsx';

const items = [
  { key: 'details', label: 'Channel details', children: <input aria-label="Note" /> },
  { key: 'registration', label: 'Channel registration', children: <p>the registration</p> },
  { key: 'import', label: 'Import data', children: <p>the import</p> },
];

describe('PageTabs', () => {
  it('shows tabs on a wide screen', () => {
    renderWithProviders(<PageTabs items={items} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Channel details',
      'Channel registration',
      'Import data',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Import data' }));
    expect(screen.getByText('the import')).toBeTruthy();
  });

  it('on a phone, offers the sections in a select (no tab strip to overflow)', async () => {
    setViewportWidth(390);
    renderWithProviders(<PageTabs items={items} />);
    expect(screen.queryAllByRole('tab')).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'half typed' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Section' }));
    fireEvent.click((await screen.findAllByText('Channel registration')).at(-1) as HTMLElement);
    expect(screen.getByText('the registration')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Note' })).toBeNull();
    // back: what was typed is still there
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Section' }));
    fireEvent.click((await screen.findAllByText('Channel details')).at(-1) as HTMLElement);
    expect((screen.getByRole('textbox', { name: 'Note' }) as HTMLInputElement).value).toBe('half typed');
  });
});
