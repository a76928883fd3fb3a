import { CenteredLayout } from '../CenteredLayout.tsx';
import { ForbiddenResult } from './ForbiddenResult.tsx';

/** /403, outside the shell: the sign-in pages' frame (with their language switch) and a way back home. */
export function ForbiddenPage() {
  return (
    <CenteredLayout width={640}>
      <ForbiddenResult />
    </CenteredLayout>
  );
}
