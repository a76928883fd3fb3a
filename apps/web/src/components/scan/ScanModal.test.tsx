import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { scannedText } from './readCodes.ts';
import { ScannableInput } from './ScanButton.tsx';
import { ScanModal } from './ScanModal.tsx';

function camera(getUserMedia: () => Promise<MediaStream>) {
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
}

describe('scanning a label', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('takes a code as a field would: without the control characters a reader adds, trimmed', () => {
    expect(scannedText('\u001dF09FC2AA0001\r\n')).toBe('F09FC2AA0001');
    expect(scannedText('  aa-bb-cc-00-11-22 ')).toBe('aa-bb-cc-00-11-22');
    expect(scannedText('\u0004')).toBe('');
  });

  it('says in words why the camera could not be used, in both languages', async () => {
    camera(() => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })));
    renderWithProviders(<ScanModal onDone={() => {}} onClose={() => {}} />);
    expect(await screen.findByText(/The browser may not use the camera/)).toBeTruthy();
    await i18n.changeLanguage('vi');
    expect(await screen.findByText(/Trình duyệt không được phép dùng camera/)).toBeTruthy();
  });

  it('says when the device has no camera', async () => {
    camera(() => Promise.reject(Object.assign(new Error('none'), { name: 'NotFoundError' })));
    renderWithProviders(<ScanModal onDone={() => {}} onClose={() => {}} />);
    expect(await screen.findByText('No camera was found on this device.')).toBeTruthy();
  });

  it('opens from a text field by its scan button, named by the field, and closes without changing it', async () => {
    camera(() => Promise.reject(Object.assign(new Error('none'), { name: 'NotFoundError' })));
    const changed = vi.fn();
    renderWithProviders(<ScannableInput aria-label="Serial number" value="SN-1" onChange={changed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Scan: Serial number' }));
    expect(await screen.findByRole('dialog', { name: 'Scan a label' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(changed).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Serial number' }) as HTMLInputElement).value).toBe('SN-1');
  });
});
