import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/** A screen in its own chunk, from a module with a named export. */
export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/** A light placeholder while a chunk loads (antd's Spin would weigh on the sign-in bundle). */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" style={{ textAlign: 'center', padding: 48, color: 'rgba(0,0,0,0.65)' }}>
      {t('app.loading')}
    </div>
  );
}

export function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}
