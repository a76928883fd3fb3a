import { DesktopOutlined, MobileOutlined, UploadOutlined } from '@ant-design/icons';
import { SPLASH_RATIOS, type SplashKind, splashProblem } from '@it4u/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Segmented, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, postFile } from '../../../api/client.ts';
import { errorText } from '../../../api/errors.ts';
import { WRAPPED_TITLE } from '../../../components/DashboardPanel.tsx';
import { QueryErrorAlert } from '../../../components/QueryErrorAlert.tsx';
import { SiteSelect } from '../../../components/SiteSelect.tsx';
import { useNotice } from '../../../components/useNotice.ts';
import { useSiteChoice } from '../../../components/useSiteChoice.ts';
import { useCan } from '../../../session/useCan.ts';

type SplashView = { url: string; width: number; height: number };
type Splashes = Partial<Record<SplashKind, SplashView>>;

const KINDS: SplashKind[] = ['desktop', 'mobile'];

/**
 * Settings → Upload: a site's splash images for the guest login page, a desktop one (PNG 16:10) and a phone one
 * (PNG 9:16), checked in the browser before they are sent (and again by the server), and a preview of the page.
 */
export function UploadTab() {
  const { t } = useTranslation();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const writer = useCan('wirelessWrite');
  const { sites, list, site, choose } = useSiteChoice();
  const idname = site?.idname ?? '';
  const key = ['splash', idname];
  const images = useQuery({
    queryKey: key,
    queryFn: () => api.get<Splashes>(`/it4u/${encodeURIComponent(idname)}/splash`),
    enabled: Boolean(site),
  });
  const [refused, setRefused] = useState<Partial<Record<SplashKind, string>>>({});
  const [preview, setPreview] = useState<SplashKind>('desktop');
  const upload = useMutation({
    mutationFn: ({ kind, file }: { kind: SplashKind; file: File }) =>
      postFile<SplashView>(`/upload/${encodeURIComponent(idname)}/${kind}`, file, file.name),
    onSuccess: (_, { kind }) => {
      notice.success(t('config.upload.done'));
      setPreview(kind);
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error, { kind }) => setRefused((r) => ({ ...r, [kind]: errorText(error, t) })),
  });

  if (sites.isError) return <QueryErrorAlert query={sites} />;
  if (!sites.isPending && list.length === 0) return <Empty description={t('sites.noneAssigned')} />;

  const send = async (kind: SplashKind, file: File) => {
    const problem = splashProblem(kind, new Uint8Array(await file.arrayBuffer()));
    setRefused((r) => ({ ...r, [kind]: problem ? t(`apiErrors.${problem.code}`, problem.params) : undefined }));
    if (!problem) upload.mutate({ kind, file });
  };

  const shown = images.data?.[preview];
  return (
    <Flex vertical gap={16}>
      <SiteSelect sites={list} value={site?.idname} onChange={choose} loading={sites.isPending} />
      <Row gutter={[16, 16]}>
        {KINDS.map((kind) => {
          const ratio = SPLASH_RATIOS[kind];
          const current = images.data?.[kind];
          return (
            <Col xs={24} md={12} key={kind}>
              <Card size="small" title={t(`config.upload.${kind}`)}>
                <Typography.Paragraph type="secondary">
                  {t('config.upload.rule', { ratio: `${ratio.width}:${ratio.height}` })}
                </Typography.Paragraph>
                <Typography.Paragraph>
                  {current
                    ? t('config.upload.current', { width: current.width, height: current.height })
                    : t('config.upload.none')}
                </Typography.Paragraph>
                {writer && (
                  <Upload
                    accept="image/png"
                    showUploadList={false}
                    beforeUpload={(file) => {
                      void send(kind, file);
                      return false;
                    }}
                  >
                    <Button
                      icon={<UploadOutlined aria-hidden />}
                      loading={upload.isPending && upload.variables?.kind === kind}
                      disabled={!site}
                    >
                      {t(`config.upload.choose.${kind}`)}
                    </Button>
                  </Upload>
                )}
                {refused[kind] && (
                  <Alert type="error" showIcon style={{ marginTop: 12 }} title={refused[kind]} role="alert" />
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
      <Card
        size="small"
        title={t('config.upload.preview')}
        styles={WRAPPED_TITLE}
        extra={
          <Segmented<SplashKind>
            aria-label={t('config.upload.preview')}
            value={preview}
            onChange={setPreview}
            options={[
              { value: 'desktop', icon: <DesktopOutlined aria-hidden />, label: t('config.upload.desktopShort') },
              { value: 'mobile', icon: <MobileOutlined aria-hidden />, label: t('config.upload.mobileShort') },
            ]}
          />
        }
      >
        <Flex justify="center">
          <div
            style={{
              position: 'relative',
              width: preview === 'desktop' ? 'min(100%, 640px)' : 'min(100%, 240px)',
              aspectRatio: preview === 'desktop' ? '16 / 10' : '9 / 16',
              background: shown ? `center / cover no-repeat url("${shown.url}")` : '#f0f0f0',
              border: '1px solid #d9d9d9',
              borderRadius: 8,
              overflow: 'hidden',
            }}
            role="img"
            aria-label={t(shown ? 'config.upload.previewOf' : 'config.upload.previewEmpty', {
              site: site?.sitename ?? '',
            })}
          >
            <div
              style={{
                position: 'absolute',
                left: '50%',
                bottom: '8%',
                transform: 'translateX(-50%)',
                width: preview === 'desktop' ? '45%' : '80%',
                background: 'rgba(255,255,255,0.92)',
                borderRadius: 8,
                padding: 12,
                textAlign: 'center',
              }}
            >
              <Typography.Text strong>{site?.sitename}</Typography.Text>
              <div style={{ marginTop: 8, height: 24, borderRadius: 4, background: '#1668dc' }} />
            </div>
          </div>
        </Flex>
      </Card>
    </Flex>
  );
}
