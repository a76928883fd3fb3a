import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from '../api/client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) =>
          !(isHttpError(error) && error.statusCode >= 400 && error.statusCode < 500) &&
          !(isHttpError(error) && error.statusCode === 0 && error.error === 'No Token') &&
          count < 2,
      },
      mutations: { retry: false },
    },
  });
}
