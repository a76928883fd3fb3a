import type { ReactNode } from 'react';
import { LanguageSwitch } from './LanguageSwitch.tsx';

type Props = { children: ReactNode; width?: number };

/** The frame of the screens outside the shell: a centred column with a local language select. */
export function CenteredLayout({ children, width = 420 }: Props) {
  return (
    <div
      style={{
        minHeight: '100vh',
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        background: '#f0f2f5',
        padding: 16,
      }}
    >
      <div style={{ alignSelf: 'flex-end' }}>
        <LanguageSwitch />
      </div>
      <main style={{ width: '100%', maxWidth: width, marginTop: '8vh' }}>{children}</main>
    </div>
  );
}
