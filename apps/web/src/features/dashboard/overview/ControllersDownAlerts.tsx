import type { Overview } from '@it4u/shared';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeText } from '../../../api/errors.ts';

type Props = { down: Overview['controllersDown'] };

/**
 * One warning per controller the overview could not read: its name, how many of the reader's sites it holds (they
 * count as unknown) and why, each part in the reader's language.
 */
export function ControllersDownAlerts({ down }: Props) {
  const { t } = useTranslation();
  if (!down || down.length === 0) return null;
  return (
    <>
      {down.map((c) => {
        // the reason sits in brackets inside the sentence: its own closing full stop would be one too many
        const reason = (codeText(t, c.code, c.params) ?? t('errors.generic')).replace(/\.$/, '');
        return (
          <Alert
            key={c.id ?? `name:${c.name}`}
            type="warning"
            showIcon
            role="alert"
            title={codeText(t, 'controllerDown', { name: c.name, sites: c.sites, reason })}
          />
        );
      })}
    </>
  );
}
