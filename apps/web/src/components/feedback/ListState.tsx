import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';

/** The parts of a TanStack query result that say what a list is doing. */
export type ListQuery = {
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  /** no answer yet */
  isPending?: boolean;
  refetch: () => Promise<unknown>;
};

type AlertProps = {
  query: ListQuery;
  /** The heading; by default "The list could not be loaded." */
  title?: ReactNode;
};

/** A list's (or chart's) failure: what could not be loaded, why, and Retry (busy while it asks again). */
export function ListErrorAlert({ query, title }: AlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="list-error"
      title={title ?? t('common.list.failed')}
      description={errorText(query.error, t)}
      style={{ marginBottom: 16, textAlign: 'start' }}
      action={
        <Button
          size="small"
          icon={<ReloadOutlined aria-hidden />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** A list still being asked for: words (the table draws its spinner over them), never "No data". */
export function ListLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" style={{ padding: '24px 0', color: 'rgba(0,0,0,0.65)' }}>
      {t('common.list.loading')}
    </div>
  );
}

type Options = {
  /** How many rows the list shows now (stale rows stay, with the error above them). */
  rows: number;
  /** What an empty list says (default: antd's "No data" in the reader's language). */
  empty?: ReactNode;
  /** The failure's heading (default: the list could not be loaded). */
  errorTitle?: ReactNode;
  /** The list asks again by itself (polling): only its first load shows as loading, not every refresh. */
  polled?: boolean;
};

export type ListState = {
  /** The table's spinner. */
  loading: boolean;
  /** What the table shows where its rows would be: loading, the failure with Retry, or the empty text. */
  locale: { emptyText: ReactNode };
  /** The failure above rows still shown from before (else nothing): put it above the table. */
  alert: ReactNode;
};

/**
 * One list's four states for a register (RegisterTable / antd Table): loading, failed (with Retry), empty, or its
 * rows. The empty text shows only after an answer that holds nothing: never while asking, never after a failure.
 */
export function useListState(query: ListQuery, { rows, empty, errorTitle, polled = false }: Options): ListState {
  const asking = query.isFetching && (!polled || query.isPending === true || query.isError);
  const emptyText = query.isError ? (
    <ListErrorAlert query={query} title={errorTitle} />
  ) : asking ? (
    <ListLoading />
  ) : typeof empty === 'string' ? (
    // words alone would take the table's placeholder colour, too light to read (axe: 1.8:1)
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
  ) : (
    (empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)
  );
  return {
    // the error is the body of an empty list: no spinner over its Retry (the button shows it is busy)
    loading: asking && !(query.isError && rows === 0),
    locale: { emptyText },
    alert: query.isError && rows > 0 ? <ListErrorAlert query={query} title={errorTitle} /> : null,
  };
}

type ViewProps = {
  query: ListQuery & { isPending?: boolean };
  /** the answer holds nothing to show */
  empty: boolean;
  /** what an empty answer says */
  emptyText: ReactNode;
  errorTitle?: ReactNode;
  children: ReactNode;
};

/** The same four states for a chart or any list that is not a table: failure with Retry, loading, empty, content. */
export function QueryView({ query, empty, emptyText, errorTitle, children }: ViewProps) {
  if (query.isError) return <ListErrorAlert query={query} title={errorTitle} />;
  if (query.isFetching && (empty || query.isPending)) return <ListLoading />;
  if (empty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return <>{children}</>;
}
