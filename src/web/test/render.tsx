// Rendering a screen with the providers main.tsx gives the app: a query client (no retries, so
// a failed call fails at once) and the toasts.
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { ToastProvider } from '../components/Toasts';

export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Renders `ui` inside the app's providers; pass a `client` to spy on it before the first render. */
export function renderWithProviders(ui: ReactElement, client = testQueryClient()) {
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <ToastProvider>{ui}</ToastProvider>
      </QueryClientProvider>,
    ),
  };
}
