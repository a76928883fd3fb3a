import type { Overview } from '@it4u/shared';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { codeText } from '../../../api/errors.ts';
import { useCan } from '../../../session/useCan.ts';

type Props = { down: Overview['controllersDown'] };

/**
 * One warning per controller the overview could not read: its name, how many of the reader's sites it holds (they
 * count as unknown) and why, each part in the reader's language. Whoever may change the controllers (the Parameter
 * tab of Settings) gets a link there.
 */
export function ControllersDownAlerts({ down }: Props) {
  const { t } = useTranslation();
  const admin = useCan('parameters');
  if (!down || down.length === 0) return null;
  return (
    <>
      {down.map((c) => {
        // the reason is a sentence of its own at the end, its full stop included
        const reason = codeText(t, c.code, c.params) ?? t('errors.generic');
        return (
          <Alert
            key={c.id ?? `name:${c.name}`}
            type="warning"
            showIcon
            role="alert"
            title={
              <>
                {codeText(t, 'controllerDown', { name: c.name, sites: c.sites, reason })}
                {admin && (
                  <>
                    {' '}
                    <Link to="/config">{t('settings.parameters.controllers.openSettings')}</Link>
                  </>
                )}
              </>
            }
          />
        );
      })}
    </>
  );
}
