import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { ForbiddenPage } from './ForbiddenPage.tsx';

function renderForbidden() {
  return renderWithProviders(<ForbiddenPage />, {
    route: '/403',
    path: '/403',
    otherRoutes: { '/home': <p>home page</p> },
  });
}

describe('/403', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('leads back home', async () => {
    renderForbidden();
    expect(screen.getByText('Access Forbidden')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back home' }));
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('switches the language like the sign-in page', async () => {
    renderForbidden();
    fireEvent.click(screen.getByText('Tiếng Việt'));
    expect(await screen.findByText('Truy cập bị từ chối')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Về trang chủ' })).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('vi');
  });
});
