import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';

type Options = { route?: string; path?: string; otherRoutes?: Record<string, ReactElement> };

/** Renders a screen with the app's providers at `route`, plus stub routes to land on. */
export function renderWithProviders(ui: ReactElement, { route = '/', path = '*', otherRoutes = {} }: Options = {}) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const rendered = render(
    <Providers client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          {Object.entries(otherRoutes).map(([p, element]) => (
            <Route key={p} path={p} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return Object.assign(rendered, { client });
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
