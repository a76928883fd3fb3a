import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProgressHandler, postWithProgress } from '../../api/client.ts';
import type { SheetRow } from '../../components/readSheet.ts';
import { type SheetKind, uploadPath } from './paths.ts';
import { suppliesKeys } from './queryKeys.ts';

/** Sends the rows of a spreadsheet: 200 {saved}, or 422 with every bad row (and nothing saved). */
export function useUploadSpreadsheetMutation(kind: SheetKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, onProgress }: { rows: SheetRow[]; onProgress: ProgressHandler }) =>
      postWithProgress<{ saved: number }>(uploadPath[kind], rows, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliesKeys.all }),
  });
}
