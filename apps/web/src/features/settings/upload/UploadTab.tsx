import { DesktopOutlined, MobileOutlined, UploadOutlined } from '@ant-design/icons';
import { SPLASH_RATIOS, type SplashKind, splashProblem } from '@it4u/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Segmented, Typography, Upload } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiKey, call, upload as uploadFile } from '../../../api/call.ts';
import { errorText } from '../../../api/errors.ts';
import { QueryErrorAlert } from '../../../components/feedback/QueryErrorAlert.tsx';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { WRAPPED_TITLE } from '../../../components/layout/DashboardPanel.tsx';
import { SiteSelect } from '../../../components/sites/SiteSelect.tsx';
import { useSiteChoice } from '../../../components/sites/useSiteChoice.ts';
import { useCan } from '../../../session/useCan.ts';

/**
 * The screens the preview shows the page on, in CSS pixels: a desktop (16:10) and a phone (9:16), the shapes of the
 * two images; the page is laid out at that size and scaled down to fit the tab.
 */
const SCREENS: Record<SplashKind, { width: number; height: number; shownMax: number }> = {
  desktop: { width: 1440, height: 900, shownMax: 720 },
  mobile: { width: 360, height: 640, shownMax: 270 },
};

/**
 * The guest login page itself, as a guest's desktop or phone shows it (`?preview=1`: the form without a device), in
 * a frame that may neither send the form nor run a script.
 */
function GuestPagePreview(props: {
  site: string;
  kind: SplashKind;
  lang: 'en' | 'vi';
  version: number;
  title: string;
}) {
  const screen = SCREENS[props.kind];
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(screen.shownMax);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setShown(element.clientWidth || screen.shownMax);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [screen]);
  const src = `/guest/s/${encodeURIComponent(props.site)}/?${new URLSearchParams({ preview: '1', lang: props.lang })}`;
  return (
    <div
      ref={box}
      data-testid="guest-page-preview"
      style={{
        position: 'relative',
        width: `min(100%, ${screen.shownMax}px)`,
        aspectRatio: `${screen.width} / ${screen.height}`,
        border: '1px solid #d9d9d9',
        borderRadius: 8,
        overflow: 'hidden',
        background: '#f5f5f5',
      }}
    >
      <iframe
        // a new upload, site, shape or language loads the page again
        key={`${src}#${props.version}`}
        title={props.title}
        src={src}
        sandbox="allow-same-origin"
        referrerPolicy="no-referrer"
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          width: screen.width,
          height: screen.height,
          border: 0,
          transform: `scale(${shown / screen.width})`,
          transformOrigin: '0 0',
        }}
      />
    </div>
  );
}

/** The upload route of each image. */
const UPLOADS = {
  desktop: 'POST /upload/:site/desktop',
  mobile: 'POST /upload/:site/mobile',
} as const satisfies Record<SplashKind, ApiKey>;

const KINDS: SplashKind[] = ['desktop', 'mobile'];

/**
 * Settings → Upload: a site's splash images for the guest login page, a desktop one (PNG 16:10) and a phone one
 * (PNG 9:16), checked in the browser before they are sent (and again by the server), and the guest page itself as a
 * desktop and a phone show it.
 */
export function UploadTab() {
  const { t, i18n } = useTranslation();
  const notice = useNotice();
  const queryClient = useQueryClient();
  const writer = useCan('wirelessWrite');
  const { sites, list, site, choose } = useSiteChoice();
  const idname = site?.idname ?? '';
  const key = ['splash', idname];
  const images = useQuery({
    queryKey: key,
    queryFn: () => call('GET /it4u/:site/splash', { params: { site: idname } }),
    enabled: Boolean(site),
  });
  const [refused, setRefused] = useState<Partial<Record<SplashKind, string>>>({});
  const [preview, setPreview] = useState<SplashKind>('desktop');
  const upload = useMutation({
    mutationFn: ({ kind, file }: { kind: SplashKind; file: File }) =>
      uploadFile(UPLOADS[kind], file, { params: { site: idname } }),
    onSuccess: (_, { kind }) => {
      notice.success(t('settings.upload.done'));
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

  return (
    <Flex vertical gap={16}>
      <SiteSelect sites={list} value={site?.idname} onChange={choose} loading={sites.isPending} />
      <Row gutter={[16, 16]}>
        {KINDS.map((kind) => {
          const ratio = SPLASH_RATIOS[kind];
          const current = images.data?.[kind];
          return (
            <Col xs={24} md={12} key={kind}>
              <Card size="small" title={t(`settings.upload.${kind}`)}>
                <Typography.Paragraph type="secondary">
                  {t('settings.upload.rule', { ratio: `${ratio.width}:${ratio.height}` })}
                </Typography.Paragraph>
                <Typography.Paragraph>
                  {current
                    ? t('settings.upload.current', { width: current.width, height: current.height })
                    : t('settings.upload.none')}
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
                      {t(`settings.upload.choose.${kind}`)}
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
        title={t('settings.upload.preview')}
        styles={WRAPPED_TITLE}
        extra={
          <Segmented<SplashKind>
            aria-label={t('settings.upload.preview')}
            value={preview}
            onChange={setPreview}
            options={[
              { value: 'desktop', icon: <DesktopOutlined aria-hidden />, label: t('settings.upload.desktopShort') },
              { value: 'mobile', icon: <MobileOutlined aria-hidden />, label: t('settings.upload.mobileShort') },
            ]}
          />
        }
      >
        <Typography.Paragraph type="secondary">{t('settings.upload.previewNote')}</Typography.Paragraph>
        {site && (
          <Flex justify="center">
            <GuestPagePreview
              site={site.idname}
              kind={preview}
              lang={i18n.language === 'vi' ? 'vi' : 'en'}
              version={images.dataUpdatedAt}
              title={t('settings.upload.previewFrame', {
                site: site.sitename,
                device: t(`settings.upload.device.${preview}`),
              })}
            />
          </Flex>
        )}
      </Card>
    </Flex>
  );
}
