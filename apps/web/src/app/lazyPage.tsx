import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';

/** A screen in its own chunk, from a module with a named export. */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const Lazy = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return function LazyPage() {
    return (
      <Suspense fallback={<PageSpinner />}>
        <Lazy />
      </Suspense>
    );
  };
}

export function PageSpinner() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spin size="large" />
    </div>
  );
}
