import { useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { offlineCopy } from '../../api/client.ts';
import { useNotice } from '../../components/feedback/useNotice.ts';
import { formatDateTime } from '../../components/format/formatting.ts';
import { sendKept, useKeptStockOuts } from '../../offline/outbox.ts';

const RETRY_MS = 30_000;

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Above every page: no network, or lists shown from the copies kept on this phone (with when they were kept), and
 * the stock-outs kept on it, waiting or refused. Sends the waiting ones when the network returns (at once, and every
 * 30 s while some wait).
 */
export function OfflineBanner({ user }: { user: number }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const online = useOnline();
  const keptAt = useSyncExternalStore(offlineCopy.subscribe, offlineCopy.keptAt, () => null);
  const kept = useKeptStockOuts(user);
  const refused = kept.filter((e) => e.state === 'refused').length;
  // waiting or being sent: a send that fails puts them back as they were, and this count does not move
  const pending = kept.length - refused;

  useEffect(() => {
    if (!online || pending === 0) return;
    const send = async () => {
      const stored = await sendKept(user);
      if (stored > 0) {
        notice.success(t('offline.sent', { count: stored }));
        await queryClient.invalidateQueries();
      }
    };
    void send();
    const timer = window.setInterval(() => void send(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [online, pending, user, notice, queryClient, t]);

  const lines = [
    !online && t('offline.noNetwork'),
    keptAt !== null && t('offline.copy', { time: formatDateTime(keptAt) }),
  ].filter(Boolean);
  if (lines.length === 0 && kept.length === 0) return null;
  return (
    <Alert
      role="status"
      type={refused > 0 ? 'error' : 'warning'}
      showIcon
      style={{ marginBottom: 12 }}
      title={lines.length > 0 ? lines.join(' ') : t('offline.kept.title', { count: kept.length })}
      description={
        kept.length > 0 && (
          <Link to="/supplies?tab=stockOut">
            {refused > 0 ? t('offline.refusedLink', { count: refused }) : t('offline.waitingLink', { count: pending })}
          </Link>
        )
      }
    />
  );
}
