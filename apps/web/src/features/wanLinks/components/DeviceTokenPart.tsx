import { KeyOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import type { DeviceToken, NewDeviceToken } from '@it4u/shared';
import { Alert, Button, Card, Flex, Popconfirm, Skeleton, Space, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRM_STYLES } from '../../../components/feedback/confirmStyles.ts';
import { QueryErrorAlert } from '../../../components/feedback/QueryErrorAlert.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { formatDateTime } from '../../../components/format/formatting.ts';
import { useDeviceTokenMutation, useDeviceTokensQuery } from '../useDeviceTokens.ts';

/** Text in single quotes for a POSIX shell (a quote inside closes, escapes and reopens). */
const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The router's push with a token, as its cron job sends it (one WAN link as the example). */
export function curlLine(origin: string, sitename: string, token: string): string {
  const body = JSON.stringify({
    sitename,
    wan1Provider: 'VNPT',
    wan1Ip: '14.160.1.2',
    wan1Status: 1,
    wan1Uptime: 86400,
  });
  return [
    `curl -sS -m 10 -X POST ${origin}/api/v1/it4u/customer_info \\`,
    `  -H ${quoted(`Authorization: Bearer ${token}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${quoted(body)}`,
  ].join('\n');
}

type Props = { id: number; sitename: string };

/**
 * The site's own device token (staff who manage): its tokens with their last use, Create / Rotate / Revoke, a new
 * token shown once with a copy button, and the router's curl line.
 */
export function DeviceTokenPart({ id, sitename }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const tokens = useDeviceTokensQuery(id);
  const change = useDeviceTokenMutation(id);
  const [made, setMade] = useState<NewDeviceToken | null>(null);
  const live = tokens.data?.tokens.find((x) => x.revokedAt === null);

  const run = (action: 'create' | 'rotate' | 'revoke') =>
    change.mutateAsync(action).then(
      (answer) => setMade(answer),
      (error: unknown) => notice.error(error),
    );

  return (
    <Card size="small" title={t('wanLinks.deviceToken.title')}>
      <QueryErrorAlert query={tokens} />
      {tokens.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {tokens.data && (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('wanLinks.deviceToken.hint')}</Typography.Text>
          {made && (
            <Alert
              type="success"
              showIcon
              role="status"
              title={t('wanLinks.deviceToken.newTitle')}
              description={
                <Typography.Text code copyable={{ text: made.token }} style={{ wordBreak: 'break-all' }}>
                  {made.token}
                </Typography.Text>
              }
              closable={{ onClose: () => setMade(null), 'aria-label': t('common.dismiss') }}
            />
          )}
          {tokens.data.tokens.length === 0 ? (
            <Typography.Text>{t('wanLinks.deviceToken.none')}</Typography.Text>
          ) : (
            <Flex vertical gap={8}>
              {tokens.data.tokens.slice(0, 5).map((token, i) => (
                <TokenLine key={token.id} token={token} first={i === 0} />
              ))}
            </Flex>
          )}
          <Typography.Text type="secondary">
            {t(
              tokens.data.sharedAccepted ? 'wanLinks.deviceToken.sharedAccepted' : 'wanLinks.deviceToken.sharedRefused',
            )}
          </Typography.Text>
          <Space wrap>
            {!live && (
              <Button
                type="primary"
                icon={<KeyOutlined aria-hidden />}
                loading={change.isPending}
                onClick={() => run('create')}
              >
                {t('wanLinks.deviceToken.create')}
              </Button>
            )}
            {live && (
              <Popconfirm
                title={t('wanLinks.deviceToken.rotateConfirm')}
                styles={CONFIRM_STYLES}
                okText={t('common.yes')}
                cancelText={t('common.no')}
                onConfirm={() => run('rotate')}
              >
                <Button icon={<SyncOutlined aria-hidden />} loading={change.isPending}>
                  {t('wanLinks.deviceToken.rotate')}
                </Button>
              </Popconfirm>
            )}
            {live && (
              <Popconfirm
                title={t('wanLinks.deviceToken.revokeConfirm')}
                styles={CONFIRM_STYLES}
                okText={t('common.yes')}
                cancelText={t('common.no')}
                onConfirm={() => run('revoke')}
              >
                <Button danger icon={<StopOutlined aria-hidden />} disabled={change.isPending}>
                  {t('wanLinks.deviceToken.revoke')}
                </Button>
              </Popconfirm>
            )}
          </Space>
          <Typography.Text>{t('wanLinks.deviceToken.curl')}</Typography.Text>
          <Typography.Paragraph
            copyable={{ text: curlLine(window.location.origin, sitename, made?.token ?? '$IT4U_DEVICE_TOKEN') }}
            style={{ marginBottom: 0 }}
          >
            <pre style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0, fontSize: 12 }}>
              {curlLine(window.location.origin, sitename, made?.token ?? '$IT4U_DEVICE_TOKEN')}
            </pre>
          </Typography.Paragraph>
        </Flex>
      )}
    </Card>
  );
}

/**
 * One token: its state, ending, maker and last use, with a line between tokens so that each stays together on a
 * phone, where a token's parts wrap.
 */
function TokenLine({ token, first }: { token: DeviceToken; first: boolean }) {
  const { t } = useTranslation();
  const { token: look } = theme.useToken();
  const at = (ms: number) => formatDateTime(ms);
  return (
    <Flex
      wrap
      align="center"
      style={{
        rowGap: 2,
        columnGap: 8,
        paddingTop: first ? 0 : 8,
        borderTop: first ? undefined : `1px solid ${look.colorSplit}`,
      }}
    >
      {token.revokedAt === null ? (
        <Tag color="success">{t('wanLinks.deviceToken.live')}</Tag>
      ) : (
        <Tag>{t('wanLinks.deviceToken.revoked', { time: at(token.revokedAt) })}</Tag>
      )}
      <Typography.Text code>{t('wanLinks.deviceToken.ending', { hint: token.hint })}</Typography.Text>
      <Typography.Text type="secondary">
        {t('wanLinks.deviceToken.created', { time: at(token.createdAt), who: token.createdBy })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {token.lastUsedAt === null
          ? t('wanLinks.deviceToken.neverUsed')
          : t('wanLinks.deviceToken.lastUsed', { time: at(token.lastUsedAt) })}
      </Typography.Text>
    </Flex>
  );
}
