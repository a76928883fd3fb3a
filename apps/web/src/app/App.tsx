import { createBrowserRouter, RouterProvider } from 'react-router';
import { setSignedOutHandler } from '../api/client.ts';
import { Providers } from './Providers.tsx';
import { createQueryClient } from './queryClient.ts';
import { routes } from './routes.tsx';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

// The client has dropped the tokens (refresh failed, or the account was blocked): leave for /login, which
// shows the inactive-account screen for a blocked account, and forget the old user's data.
setSignedOutHandler((reason) => {
  if (router.state.location.pathname === '/login') return;
  void router.navigate('/login', { replace: true, state: { reason } }).then(() => queryClient.removeQueries());
});

export function App() {
  return (
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
