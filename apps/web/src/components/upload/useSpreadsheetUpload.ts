import { INFLATE_LIMITS, MAX_UPLOAD_BYTES, type RowError, type UploadResult } from '@it4u/shared';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError, postWithProgress } from '../../api/client.ts';
import { useNotice } from '../feedback/useNotice.ts';
import { readFirstSheet, type SheetRow } from './readSheet.ts';
import type { UploadPhase } from './UploadProgressModal.tsx';
import { checkSpreadsheetFile, FileRefusedError, rowErrorsOf } from './uploadChecks.ts';

const MEGABYTE = 1024 * 1024;

/**
 * Spreadsheet uploads (supplies tables, channel import): the file is checked and read in the browser, its rows are
 * sent as JSON to `path` with the share sent so far, and the answer is 200 {saved} or 422 with every bad row.
 * Refusals of the file itself become notices; the queries under `invalidate` are refetched after a save.
 */
export function useSpreadsheetUpload(path: string, invalidate: QueryKey) {
  const { t } = useTranslation();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<UploadPhase>(null);
  /** The bad rows of a refused upload (422: nothing was saved). */
  const [rejected, setRejected] = useState<RowError[] | null>(null);
  const upload = useMutation({
    mutationFn: (rows: SheetRow[]) =>
      postWithProgress<UploadResult>(path, rows, (fraction) =>
        setPhase({ step: 'sending', percent: Math.round(fraction * 100) }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invalidate }),
  });

  return {
    phase,
    rejected,
    clearRejected: () => setRejected(null),

    /**
     * The rows of the chosen file, or null when it is refused (a notice says why): its name and size are checked,
     * then its content (a workbook's first bytes) before it is read.
     */
    async read(file: File): Promise<SheetRow[] | null> {
      const problem = checkSpreadsheetFile(file);
      if (problem) {
        notice.failure(t(`common.upload.${problem}`, { max: MAX_UPLOAD_BYTES / MEGABYTE }));
        return null;
      }
      setPhase({ step: 'reading' });
      let rows: SheetRow[];
      try {
        rows = await readFirstSheet(file);
      } catch (error) {
        notice.failure(
          error instanceof FileRefusedError
            ? t(`common.upload.${error.problem}`, { max: INFLATE_LIMITS.maxBytes / MEGABYTE })
            : t('common.upload.unreadable'),
        );
        return null;
      } finally {
        setPhase(null);
      }
      if (rows.length === 0) {
        notice.failure(t('common.upload.noRows'));
        return null;
      }
      return rows;
    },

    /** Sends the rows; `onSaved` gets how many were saved, `onRefused` runs after a 422 (see `rejected`). */
    send(rows: SheetRow[], on: { onSaved: (saved: number) => void; onRefused?: () => void }) {
      setRejected(null);
      setPhase({ step: 'sending', percent: 0 });
      upload.mutate(rows, {
        onSuccess: (answer) => {
          setPhase(null);
          on.onSaved(answer?.saved ?? rows.length);
        },
        onError: (error) => {
          setPhase(null);
          if (isHttpError(error) && error.statusCode === 422) {
            setRejected(rowErrorsOf(error.details));
            on.onRefused?.();
          } else if (isHttpError(error) && error.statusCode === 413) {
            notice.failure(t('common.upload.tooBig', { max: MAX_UPLOAD_BYTES / MEGABYTE }));
          } else if (isHttpError(error) && error.statusCode === 415) {
            notice.failure(t('common.upload.notSpreadsheet'));
          } else {
            notice.error(error);
          }
        },
      });
    },
  };
}
