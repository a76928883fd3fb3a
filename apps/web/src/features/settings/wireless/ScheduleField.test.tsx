import type { ScheduleWindow } from '@it4u/shared';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { ScheduleField } from './ScheduleField.tsx';

let latest: ScheduleWindow[] = [];
function Field({ start }: { start: ScheduleWindow[] }) {
  const [value, setValue] = useState(start);
  latest = value;
  return <ScheduleField value={value} onChange={setValue} />;
}

describe('the schedule of a wireless network', () => {
  it('switches a day on at 08:00-18:00, adds a second window after it, removes one, and switches the day off', () => {
    renderWithProviders(<Field start={[{ day: 'fri', from: 420, to: 600 }]} />);
    expect(screen.getByText('07:00–10:00')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Tuesday' }));
    expect(latest).toContainEqual({ day: 'tue', from: 480, to: 1080 });
    expect(screen.getByText('08:00–18:00')).toBeTruthy();

    fireEvent.click(screen.getAllByRole('button', { name: 'Add a window' })[0] as HTMLElement);
    expect(latest.filter((w) => w.day === 'tue')).toEqual([
      { day: 'tue', from: 480, to: 1080 },
      { day: 'tue', from: 1140, to: 1260 },
    ]);
    expect(screen.getAllByRole('slider', { name: 'Tuesday: from' })).toHaveLength(2);

    fireEvent.click(screen.getAllByRole('button', { name: 'Remove this window of Tuesday' })[0] as HTMLElement);
    expect(latest.filter((w) => w.day === 'tue')).toEqual([{ day: 'tue', from: 1140, to: 1260 }]);

    fireEvent.click(screen.getByRole('switch', { name: 'Tuesday' }));
    expect(latest).toEqual([{ day: 'fri', from: 420, to: 600 }]);
  });

  it('keeps the slider while it moves (a drag goes on past its first step), on quarter hours 1 to 96', () => {
    renderWithProviders(<Field start={[{ day: 'fri', from: 420, to: 600 }]} />);
    const from = screen.getByRole('slider', { name: 'Friday: from' });
    expect(from.getAttribute('aria-valuemin')).toBe('0');
    expect(from.getAttribute('aria-valuemax')).toBe('96');
    fireEvent.keyDown(from, { key: 'ArrowRight', keyCode: 39 });
    fireEvent.keyDown(from, { key: 'ArrowRight', keyCode: 39 });
    fireEvent.keyDown(from, { key: 'ArrowRight', keyCode: 39 });
    // the same handle took every step: it was not replaced after the first
    expect(from.isConnected).toBe(true);
    expect(latest).toEqual([{ day: 'fri', from: 465, to: 600 }]);
    expect(screen.getByText('07:45–10:00')).toBeTruthy();
    // a window may start at midnight
    fireEvent.keyDown(from, { key: 'Home', keyCode: 36 });
    expect(latest).toEqual([{ day: 'fri', from: 0, to: 600 }]);
    expect(from.getAttribute('aria-valuetext')).toBe('00:00');
  });
});
