import { createBrowserRouter, RouterProvider } from 'react-router';
import { setSignedOutHandler } from '../api/client.ts';
import { Providers } from './Providers.tsx';
import { createQueryClient } from './queryClient.ts';
import { routes } from './routes.tsx';

const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

// When a refresh fails the client has dropped the tokens: leave for /login and forget the old user's data.
setSignedOutHandler(() => {
  if (router.state.location.pathname === '/login') return;
  void router.navigate('/login', { replace: true }).then(() => queryClient.removeQueries());
});

export function App() {
  return (
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
