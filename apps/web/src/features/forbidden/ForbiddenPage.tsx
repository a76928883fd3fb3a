import { ForbiddenResult } from '../../components/ForbiddenResult.tsx';

export function ForbiddenPage() {
  return (
    <main style={{ paddingTop: '8vh' }}>
      <ForbiddenResult />
    </main>
  );
}
