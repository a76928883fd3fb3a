import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { newVersion, watchNewVersion } from '../newVersion.ts';
import { NewVersionBanner } from './NewVersionBanner.tsx';

/** A deploy took away the code of a screen this tab has not opened yet: Vite says so with `vite:preloadError`. */
const deployed = () => act(() => void window.dispatchEvent(new Event('vite:preloadError')));

describe('a new version deployed under an open tab', () => {
  watchNewVersion();
  afterEach(async () => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
    await i18n.changeLanguage('en');
  });

  it('reloads the tab into it at once when nobody is typing', () => {
    const reload = vi.spyOn(newVersion, 'reload').mockImplementation(() => {});
    render(<NewVersionBanner />);
    deployed();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('waits while someone types, says a new version is ready in their language, and reloads when asked', async () => {
    const reload = vi.spyOn(newVersion, 'reload').mockImplementation(() => {});
    await i18n.changeLanguage('vi');
    render(
      <>
        <textarea aria-label="Ghi chú" defaultValue="đang nhập dở" />
        <NewVersionBanner />
      </>,
    );
    screen.getByLabelText('Ghi chú').focus();
    deployed();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toContain('Đã có phiên bản mới của bảng điều khiển');
    // what they typed is still there
    expect((screen.getByLabelText('Ghi chú') as HTMLTextAreaElement).value).toBe('đang nhập dở');
    fireEvent.click(screen.getByRole('button', { name: 'Tải lại' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
