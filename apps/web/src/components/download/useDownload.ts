import { useState } from 'react';
import type { Query } from '../../api/client.ts';
import { useNotice } from '../feedback/useNotice.ts';
import { downloadSheet } from './downloadSheet.ts';

/** Which download is under way (its button spins), and failures as notices. */
export function useDownload() {
  const notice = useNotice();
  const [pending, setPending] = useState<string | null>(null);
  const run = async (key: string, path: string, fallbackName: string, query?: Query) => {
    setPending(key);
    try {
      await downloadSheet(path, fallbackName, query);
    } catch (error) {
      notice.error(error);
    } finally {
      setPending(null);
    }
  };
  return { pending, run };
}
