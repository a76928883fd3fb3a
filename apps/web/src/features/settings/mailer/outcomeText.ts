import type { MailOutcome } from '@it4u/shared';
import type { TFunction } from 'i18next';
import { codeText } from '../../../api/errors.ts';

/** What a send found, in the reader's language. */
export const outcomeText = (
  t: TFunction,
  o: Pick<MailOutcome, 'code' | 'params'> & { message?: string; response?: string },
) => codeText(t, o.code, o.params) ?? o.message ?? o.response ?? '';
