import type { AlertKind, AlertRule } from '@it4u/shared';
import { Button, Card, Flex, Grid, InputNumber, List, Pagination, Space, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../components/feedback/ListState.tsx';
import { useNotice } from '../../components/feedback/useNotice.ts';
import { pageLabels } from '../../components/table/pageLabels.tsx';
import { useCan } from '../../session/useCan.ts';
import { AlertDelivery } from './AlertDelivery.tsx';
import { AlertItem } from './AlertItem.tsx';
import { useAlertRulesQuery, useAlertsQuery, useSaveAlertRule } from './alertsQueries.ts';

const PAGE_SIZE = 20;

function AlertList({ state }: { state: 'open' | 'resolved' }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const alerts = useAlertsQuery(state, page, PAGE_SIZE);
  const items = alerts.data?.items ?? [];
  return (
    <QueryView
      query={alerts}
      empty={items.length === 0}
      emptyText={state === 'open' ? t('alerts.noneOpen') : t('alerts.noneResolved')}
    >
      <List
        dataSource={items}
        renderItem={(alert) => (
          <List.Item key={alert.id}>
            <AlertItem alert={alert} />
          </List.Item>
        )}
      />
      <Pagination
        current={page}
        pageSize={PAGE_SIZE}
        total={alerts.data?.total ?? 0}
        onChange={setPage}
        showSizeChanger={false}
        hideOnSinglePage
        itemRender={pageLabels(t)}
      />
    </QueryView>
  );
}

/** A rule: on or off, minutes to hold and to clear; an administrator saves it, others read it. */
function RuleEditor({ rule, editable }: { rule: AlertRule; editable: boolean }) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveAlertRule();
  const [draft, setDraft] = useState(rule);
  const changed = JSON.stringify(draft) !== JSON.stringify(rule);
  const label = t(`alerts.rules.${rule.kind}`);
  const id = `rule-${rule.kind}`;
  const wide = Grid.useBreakpoint().lg === true;
  const saveButton = editable && (
    <Button
      type="primary"
      disabled={!changed}
      loading={save.isPending}
      aria-label={t('alerts.ruleSave', { rule: label })}
      onClick={() => {
        const { kind, ...body } = draft;
        save.mutate(
          { kind: kind as AlertKind, body },
          { onSuccess: () => notice.success(t('alerts.ruleSaved')), onError: (e) => notice.error(e) },
        );
      }}
    >
      {t('common.save')}
    </Button>
  );
  const name = (
    <Typography.Text strong id={id} style={{ flex: '1 1 220px' }}>
      {label}
    </Typography.Text>
  );
  const onOff = (
    <Space>
      <Switch
        checked={draft.enabled}
        disabled={!editable}
        aria-labelledby={id}
        onChange={(enabled) => setDraft({ ...draft, enabled })}
      />
      <span aria-hidden>{draft.enabled ? t('alerts.ruleOn') : t('alerts.ruleOff')}</span>
    </Space>
  );
  const minutes = (field: 'holdMinutes' | 'clearMinutes', suffix: string) => (
    <Space>
      <label htmlFor={`${id}-${suffix}`}>{t(`alerts.${field}`)}</label>
      <InputNumber
        id={`${id}-${suffix}`}
        min={0}
        max={1440}
        precision={0}
        style={{ width: 90 }}
        value={draft[field]}
        disabled={!editable}
        onChange={(v) => setDraft({ ...draft, [field]: v ?? 0 })}
      />
    </Space>
  );
  const percent = rule.percent !== undefined && (
    <Space>
      <label htmlFor={`${id}-percent`}>{t('alerts.percentLeft')}</label>
      <InputNumber
        id={`${id}-percent`}
        min={1}
        max={99}
        precision={0}
        suffix="%"
        style={{ width: 90 }}
        value={draft.percent}
        disabled={!editable}
        onChange={(v) => setDraft({ ...draft, percent: v ?? rule.percent })}
      />
    </Space>
  );
  // on a wide screen the rules line up in columns, a kind's own threshold under its minutes; else one after another
  if (wide)
    return (
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(200px, 1fr) 110px auto auto 80px',
          columnGap: 16,
          rowGap: 8,
          alignItems: 'center',
          width: '100%',
        }}
      >
        {name}
        {onOff}
        {minutes('holdMinutes', 'hold')}
        {minutes('clearMinutes', 'clear')}
        <div>{saveButton}</div>
        {percent && <div style={{ gridColumn: '3 / 5' }}>{percent}</div>}
      </div>
    );
  return (
    <Flex wrap gap={16} align="center" style={{ width: '100%' }}>
      {name}
      {onOff}
      {minutes('holdMinutes', 'hold')}
      {minutes('clearMinutes', 'clear')}
      {percent}
      {saveButton}
    </Flex>
  );
}

function Rules() {
  const { t } = useTranslation();
  const admin = useCan('parameters');
  const rules = useAlertRulesQuery();
  const rows = rules.data ?? [];
  return (
    <>
      <Typography.Paragraph type="secondary">{t('alerts.rulesHelp')}</Typography.Paragraph>
      <QueryView query={rules} empty={rows.length === 0} emptyText={t('alerts.noRules')}>
        <List
          dataSource={rows}
          renderItem={(rule) => (
            <List.Item key={rule.kind}>
              <RuleEditor rule={rule} editable={admin} />
            </List.Item>
          )}
        />
      </QueryView>
    </>
  );
}

/** The alerts: open ones, resolved ones, and the rules of each kind (staff read them, an administrator sets them). */
export function AlertsPage() {
  const { t } = useTranslation();
  const staff = useCan('customerReport');
  const admin = useCan('parameters');
  return (
    <Card title={t('alerts.title')}>
      <Tabs
        items={[
          { key: 'open', label: t('alerts.open'), children: <AlertList state="open" /> },
          { key: 'resolved', label: t('alerts.resolved'), children: <AlertList state="resolved" /> },
          ...(staff ? [{ key: 'rules', label: t('alerts.rulesTab'), children: <Rules /> }] : []),
          ...(admin ? [{ key: 'delivery', label: t('alerts.delivery.tab'), children: <AlertDelivery /> }] : []),
        ]}
      />
    </Card>
  );
}
