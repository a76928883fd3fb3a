import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProgressHandler, postWithProgress } from '../../api/client.ts';
import type { SheetRow } from '../../components/readSheet.ts';
import { channelKeys } from './queryKeys.ts';

export const IMPORT_PATH = '/it4u/import/channel';

/** Sends the rows of a spreadsheet: 200 {saved}, or 422 with every bad row (and nothing saved). */
export function useImportChannelsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, onProgress }: { rows: SheetRow[]; onProgress: ProgressHandler }) =>
      postWithProgress<{ saved: number }>(IMPORT_PATH, rows, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.all }),
  });
}
