import type { MailConfigInput } from '@it4u/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';

export const mailKeys = {
  all: ['settings', 'mail'] as const,
  settings: () => [...mailKeys.all, 'settings'] as const,
  log: (page: number, pageSize: number) => [...mailKeys.all, 'log', page, pageSize] as const,
  runs: () => [...mailKeys.all, 'runs'] as const,
};

export const useMailConfigQuery = () =>
  useQuery({ queryKey: mailKeys.settings(), queryFn: () => call('GET /it4u/configMail') });

export const useMailLogQuery = (page: number, pageSize: number) =>
  useQuery({
    queryKey: mailKeys.log(page, pageSize),
    queryFn: () => call('GET /it4u/mailLog', { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });

export const useMailRunsQuery = () =>
  useQuery({ queryKey: mailKeys.runs(), queryFn: () => call('GET /it4u/mailRuns') });

/** Saves the settings; the form then shows what the server kept (the password masked). */
export function useSaveMailConfigMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailConfigInput) => call('PUT /it4u/configMail', { body }),
    onSuccess: (saved) => queryClient.setQueryData(mailKeys.settings(), saved),
  });
}

/** A test mail, or a mail of the log sent again: what the server answered; the log then has its line. */
export function useSendMailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (what: { to: string } | { resend: number }) =>
      'to' in what
        ? call('POST /it4u/configMail/test', { body: { to: what.to } })
        : call('POST /it4u/mailLog/:id/resend', { params: { id: what.resend } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...mailKeys.all, 'log'] }),
  });
}
