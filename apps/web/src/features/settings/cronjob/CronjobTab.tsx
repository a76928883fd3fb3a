import { DiffOutlined, EyeOutlined, HistoryOutlined, UploadOutlined } from '@ant-design/icons';
import { type CronjobVersion, PROPERTIES_MAX_BYTES } from '@it4u/shared';
import { Alert, Button, Card, Empty, Flex, Modal, Popconfirm, Select, Space, Tag, Typography, Upload } from 'antd';
import { diffLines } from 'diff';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeText, errorText } from '../../../api/errors.ts';
import { QueryErrorAlert } from '../../../components/feedback/QueryErrorAlert.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { formatDateTime } from '../../../components/format/formatting.ts';
import { SiteSelect } from '../../../components/sites/SiteSelect.tsx';
import { useSiteChoice } from '../../../components/sites/useSiteChoice.ts';
import { type RegisterColumn, RegisterTable } from '../../../components/table/RegisterTable.tsx';
import { useCurrentFileQuery, useNewVersionMutation, useVersionQuery, useVersionsQuery } from './cronjobQueries.ts';
import './cronjob.css';

const DELIVERY_COLOR = { delivered: 'success', failed: 'error', notConfigured: 'default' } as const;

/** Why a file is refused before it is sent (the server checks again, line by line), or null. */
function fileProblem(file: { name: string; size: number }): 'wrongExtension' | 'tooLarge' | null {
  if (!/\.properties$/i.test(file.name)) return 'wrongExtension';
  if (file.size > PROPERTIES_MAX_BYTES) return 'tooLarge';
  return null;
}

/** Settings → Cronjob (CRONJOB UNIFI): a site's config.properties, its versions, their delivery, a comparison. */
export function CronjobTab() {
  const { t } = useTranslation();
  const notice = useNotice();
  const { sites, list, site, choose } = useSiteChoice();
  const idname = site?.idname ?? '';
  const current = useCurrentFileQuery(idname);
  const versions = useVersionsQuery(idname);
  const save = useNewVersionMutation(idname);
  const [refused, setRefused] = useState<string | null>(null);
  const [viewing, setViewing] = useState<number | undefined>();
  // the versions picked for the comparison are the site's they were picked on: another site starts from its own
  const [compare, setCompare] = useState<{ site?: string; from?: number; to?: number }>({});
  const picked = compare.site === idname ? compare : {};
  const pick = (end: 'from' | 'to', version: number) =>
    setCompare((c) => ({ ...(c.site === idname ? c : {}), site: idname, [end]: version }));
  const chooseSite = (next: string) => {
    setCompare({});
    setViewing(undefined);
    setRefused(null);
    choose(next);
  };

  if (sites.isError) return <QueryErrorAlert query={sites} />;
  if (!sites.isPending && list.length === 0) return <Empty description={t('sites.noneAssigned')} />;

  const send = (file: File) => {
    const problem = fileProblem(file);
    setRefused(problem ? t(`cronjob.${problem}`) : null);
    if (problem) return;
    save.mutate(
      { file },
      {
        onSuccess: (v) => notice.success(t('cronjob.uploaded', { version: v.version })),
        onError: (error) => setRefused(errorText(error, t)),
      },
    );
  };
  const list_ = versions.data ?? [];
  const columns: RegisterColumn<CronjobVersion>[] = [
    {
      key: 'version',
      dataIndex: 'version',
      title: t('cronjob.columns.version'),
      render: (v: number, row) => (
        <span>
          v{v}
          {row.restoredFrom !== null && (
            <Typography.Text type="secondary">
              {' '}
              ({t('cronjob.restoredFrom', { version: row.restoredFrom })})
            </Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'at', dataIndex: 'createdAt', title: t('cronjob.columns.at'), render: (at: number) => formatDateTime(at) },
    { key: 'by', dataIndex: 'createdBy', title: t('cronjob.columns.by') },
    {
      key: 'status',
      title: t('cronjob.columns.delivery'),
      render: (_: unknown, row) => (
        <Tag color={DELIVERY_COLOR[row.delivery]}>{t(`cronjob.delivery.${row.delivery}`)}</Tag>
      ),
    },
    {
      key: 'deliveryText',
      title: t('cronjob.columns.deliveryText'),
      render: (_: unknown, row) => codeText(t, row.deliveryCode, row.deliveryParams) ?? '',
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_: unknown, row) => (
        <Space wrap size={4}>
          <Button size="small" icon={<EyeOutlined aria-hidden />} onClick={() => setViewing(row.version)}>
            {t('cronjob.view')}
          </Button>
          <Popconfirm
            title={t('cronjob.restoreConfirm', { version: row.version })}
            onConfirm={() =>
              save.mutate(
                { restore: row.version },
                {
                  onSuccess: (v) => notice.success(t('cronjob.restored', { version: row.version, new: v.version })),
                  onError: (e) => notice.error(e),
                },
              )
            }
          >
            <Button size="small" icon={<HistoryOutlined aria-hidden />}>
              {t('cronjob.restore')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const options = list_.map((v) => ({ value: v.version, label: `v${v.version} · ${formatDateTime(v.createdAt)}` }));
  const from = picked.from ?? list_[1]?.version;
  const to = picked.to ?? list_[0]?.version;

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('cronjob.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('cronjob.intro')}
      </Typography.Paragraph>
      <SiteSelect sites={list} value={site?.idname} onChange={chooseSite} loading={sites.isPending} />
      <Space wrap align="center">
        <Upload
          accept=".properties"
          showUploadList={false}
          beforeUpload={(file) => {
            send(file);
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined aria-hidden />} loading={save.isPending} disabled={!site}>
            {t('cronjob.upload')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('cronjob.uploadHint')}</Typography.Text>
      </Space>
      {refused && <Alert type="error" showIcon role="alert" title={refused} />}

      <Card size="small" title={t('cronjob.current')}>
        {current.isError ? (
          <QueryErrorAlert query={current} />
        ) : current.data?.data ? (
          <TextBox label={t('cronjob.current')}>{current.data.data}</TextBox>
        ) : (
          <Typography.Text type="secondary">{t('cronjob.empty')}</Typography.Text>
        )}
      </Card>

      <section aria-labelledby="cronjob-versions">
        <Typography.Title level={5} id="cronjob-versions">
          {t('cronjob.versions')}
        </Typography.Title>
        {versions.isError ? (
          <QueryErrorAlert query={versions} />
        ) : (
          <RegisterTable<CronjobVersion>
            aria-label={t('cronjob.versions')}
            rowKey="version"
            columns={columns}
            dataSource={list_}
            loading={versions.isFetching}
            card={{ title: ['version', 'at'], status: 'status', actions: 'actions', fields: ['by', 'deliveryText'] }}
            pagination={{ pageSize: 10 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cronjob.noVersions')} /> }}
          />
        )}
      </section>

      {list_.length >= 2 && from !== undefined && to !== undefined && (
        <Card size="small" title={t('cronjob.compare')} extra={<DiffOutlined aria-hidden />}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Select
              aria-label={t('cronjob.from')}
              prefix={t('cronjob.from')}
              value={from}
              options={options}
              onChange={(v) => pick('from', v)}
              style={{ minWidth: 240 }}
            />
            <Select
              aria-label={t('cronjob.to')}
              prefix={t('cronjob.to')}
              value={to}
              options={options}
              onChange={(v) => pick('to', v)}
              style={{ minWidth: 240 }}
            />
          </Space>
          <Difference site={idname} from={from} to={to} />
        </Card>
      )}

      <VersionModal site={idname} version={viewing} onClose={() => setViewing(undefined)} />
    </Flex>
  );
}

/** Preformatted text in a box that scrolls, named for assistive technology. */
function TextBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable with the keyboard (axe: scrollable-region-focusable)
    <section aria-label={label} tabIndex={0} className="cronjob-file">
      <pre>{children}</pre>
    </section>
  );
}

/** The lines of `to` against `from`: added ones marked + (and green), removed ones − (and red). */
function Difference({ site, from, to }: { site: string; from: number; to: number }) {
  const { t } = useTranslation();
  const a = useVersionQuery(site, from);
  const b = useVersionQuery(site, to);
  if (a.isError) return <QueryErrorAlert query={a} />;
  if (b.isError) return <QueryErrorAlert query={b} />;
  if (!a.data || !b.data) return null;
  const parts = diffLines(a.data.data, b.data.data);
  if (parts.every((p) => !p.added && !p.removed)) return <Typography.Text>{t('cronjob.same')}</Typography.Text>;
  return (
    <TextBox label={t('cronjob.compare')}>
      {parts.flatMap((part, i) =>
        part.value
          .replace(/\n$/, '')
          .split('\n')
          .map((line, j) => {
            const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
            const mark = part.added ? '+' : part.removed ? '−' : ' ';
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a diff have no identity of their own
              <div key={`${i}-${j}`} className={`cronjob-line cronjob-${kind}`}>
                <span className="cronjob-mark" aria-hidden>
                  {mark}
                </span>
                {kind !== 'same' && <span className="cronjob-sr">{t(`cronjob.${kind}`)}: </span>}
                {line}
              </div>
            );
          }),
      )}
    </TextBox>
  );
}

function VersionModal({ site, version, onClose }: { site: string; version: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = useVersionQuery(site, version);
  return (
    <Modal
      open={version !== undefined}
      onCancel={onClose}
      footer={null}
      title={t('cronjob.viewTitle', { version })}
      width={760}
    >
      {shown.isError ? (
        <QueryErrorAlert query={shown} />
      ) : (
        <TextBox label={t('cronjob.viewTitle', { version })}>{shown.data?.data ?? ''}</TextBox>
      )}
    </Modal>
  );
}
