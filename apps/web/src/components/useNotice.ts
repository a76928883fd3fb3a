import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ErrorContext, errorText } from '../api/errors.ts';

/** Notices top right, 3 s, 70 px from the top (configured once on antd's App in the providers). */
export function useNotice() {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  return useMemo(
    () => ({
      success: (text: string) => notification.success({ title: text }),
      info: (text: string) => notification.info({ title: text }),
      /** Shows the text of spec section 8 for a failed call. */
      error: (error: unknown, context: ErrorContext = 'form') =>
        notification.error({ title: errorText(error, t, context) }),
    }),
    [notification, t],
  );
}
