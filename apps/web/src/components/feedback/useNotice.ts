import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ErrorContext, errorText, fieldErrors } from '../../api/errors.ts';
import { useNotificationApi } from './NoticeProvider.tsx';

/** Success and error notices; errors get their text from api/errors.ts (by the error's code). */
export function useNotice() {
  const notification = useNotificationApi();
  const { t } = useTranslation();
  return useMemo(
    () => ({
      success: (text: string) => notification.success({ title: text }),
      info: (text: string) => notification.info({ title: text }),
      /** An error whose text is already translated (e.g. a refused file). */
      failure: (text: string) => notification.error({ title: text }),
      error: (error: unknown, context: ErrorContext = 'form') =>
        notification.error({ title: errorText(error, t, context) }),
      /** The refused fields of an answer, in the reader's language, for the form to show under them. */
      fieldErrors: (error: unknown) => fieldErrors(error, t),
    }),
    [notification, t],
  );
}
