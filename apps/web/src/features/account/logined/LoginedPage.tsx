import { LogoutOutlined } from '@ant-design/icons';
import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearTokens } from '../../../api/tokens.ts';
import { useSignOut } from '../../../session/useSignOut.ts';
import { CenteredLayout } from '../CenteredLayout.tsx';
import { SignedInElsewhereImage } from './SignedInElsewhereImage.tsx';

/** Shown when another sign-in of the same account is detected. */
export function LoginedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <CenteredLayout width={480}>
      <Card style={{ textAlign: 'center' }}>
        <Typography.Title level={3}>{t('logined.title')}</Typography.Title>
        <button
          type="button"
          aria-label={t('logined.imageLabel')}
          title={t('logined.imageLabel')}
          onClick={() => {
            clearTokens();
            void navigate('/login', { replace: true });
          }}
          style={{ border: 0, background: 'none', cursor: 'pointer', padding: 8 }}
        >
          <SignedInElsewhereImage />
        </button>
        <Typography.Paragraph>{t('logined.text')}</Typography.Paragraph>
        <Button icon={<LogoutOutlined aria-hidden />} onClick={() => void signOut()}>
          {t('logined.logout')}
        </Button>
      </Card>
    </CenteredLayout>
  );
}
