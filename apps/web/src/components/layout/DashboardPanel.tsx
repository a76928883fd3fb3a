import { Card, Empty, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeSeconds } from '../../components/format/formatting.ts';
import { ControllerError } from '../feedback/ControllerError.tsx';

type PanelQuery = {
  /** when the controller was read; `lastGood` when a slow or failing controller left the answer it gave before */
  data?: { asOf: number; lastGood?: true } | undefined;
  error: unknown;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
};

type Props = {
  title: string;
  query: PanelQuery;
  /** the data holds nothing to draw: say so in words */
  empty?: boolean;
  emptyText?: string;
  extra?: ReactNode;
  children: ReactNode;
};

/**
 * A dashboard panel: its title and how old its data is; its own error with Retry (the other panels keep working);
 * a skeleton before the first answer; words when there is nothing to draw.
 */
/** A card's title wraps on a narrow screen rather than ending in an ellipsis. */
export const WRAPPED_TITLE = { title: { whiteSpace: 'normal' } } as const;

export function Panel({ title, query, empty = false, emptyText, extra, children }: Props) {
  const { t } = useTranslation();
  const asOf = query.data?.asOf;
  const stale = query.isError || query.data?.lastGood === true;
  const asOfText = query.isError ? 'dashboard.staleAsOf' : stale ? 'dashboard.lastGoodAsOf' : 'dashboard.asOf';
  return (
    <Card title={title} style={{ height: '100%' }} styles={WRAPPED_TITLE}>
      {extra && <div style={{ marginBottom: 12 }}>{extra}</div>}
      {query.isError && !query.data ? (
        <ControllerError error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton active />
      ) : empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('dashboard.noData')} />
      ) : (
        children
      )}
      {asOf !== undefined && (
        <Typography.Text
          type={stale ? 'warning' : 'secondary'}
          style={{ display: 'block', marginTop: 8, fontSize: 12 }}
        >
          {t(asOfText, { time: formatTimeSeconds(asOf) })}
        </Typography.Text>
      )}
    </Card>
  );
}
