import type { CloudConsole, ControllerCheck } from '@it4u/shared';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Empty, Flex, Form, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call.ts';
import { codeText, errorText } from '../../../api/errors.ts';
import { MAX_LENGTH, URL_PATTERN } from './controllerForm.ts';
import { useSaveControllerMutation } from './controllerQueries.ts';

const K = 'settings.parameters.controllers';
const C = `${K}.cloud`;
const SITE_MANAGER = 'https://api.ui.com';
const BREAK_ANYWHERE = { overflowWrap: 'anywhere' } as const;

type Values = { url: string; apiKey: string };
/** What adding one console came to: its sign-in's outcome, or the refusal of the add itself. */
type Added = { ok: boolean; text: string };

type Props = {
  /** consoles were added: the card's list and the screens that read sites are asked again */
  onAdded: () => void;
  onClose: () => void;
};

/**
 * Adds consoles behind NAT, read through Ubiquiti's Site Manager: the administrator pastes the account's key, sees
 * the UniFi OS consoles it reaches and picks some; each becomes a controller read through the connector with that
 * key, and says how signing in to it went. What was typed stays on a refusal.
 */
export function CloudConsolesModal({ onAdded, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const find = useMutation({
    mutationFn: (body: Values) => call('POST /it4u/controllers/cloud-consoles', { body }),
  });
  const save = useSaveControllerMutation();
  const [key, setKey] = useState<Values | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [added, setAdded] = useState<Record<string, Added> | null>(null);
  const [adding, setAdding] = useState(false);
  const consoles = find.data?.items ?? [];

  const checkText = (check: ControllerCheck) => codeText(t, check.code, check.params) ?? check.message;
  const onFind = (values: Values) => {
    setAdded(null);
    setPicked([]);
    const body = { url: values.url.trim(), apiKey: values.apiKey.trim() };
    find.mutate(body, { onSuccess: () => setKey(body) });
  };

  const onAdd = async () => {
    if (!key) return;
    setAdding(true);
    const outcome: Record<string, Added> = {};
    // one after another: each is signed in to as it is added, and Site Manager limits how often it is asked
    for (const c of consoles.filter((one) => picked.includes(one.id))) {
      try {
        const saved = await save.mutateAsync({
          id: null,
          body: { name: c.name, url: c.url, signIn: 'apiKey', apiKey: key.apiKey, verifyTls: true },
        });
        outcome[c.id] = saved.check.ok
          ? { ok: true, text: t(`${C}.addedOk`) }
          : { ok: false, text: t(`${C}.addedFailed`, { reason: checkText(saved.check) }) };
      } catch (error) {
        outcome[c.id] = { ok: false, text: t(`${C}.notAdded`, { reason: errorText(error, t) }) };
      }
    }
    setAdded(outcome);
    setAdding(false);
    onAdded();
  };

  const footer = added ? (
    <Button type="primary" onClick={onClose}>
      {t(`${C}.done`)}
    </Button>
  ) : (
    <Flex gap={8} justify="flex-end" wrap>
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      {key && consoles.length > 0 && !find.data?.failure ? (
        <Button type="primary" loading={adding} disabled={picked.length === 0} onClick={() => void onAdd()}>
          {t(`${C}.addPicked`, { count: picked.length })}
        </Button>
      ) : (
        <Button type="primary" loading={find.isPending} onClick={() => form.submit()}>
          {t(`${C}.find`)}
        </Button>
      )}
    </Flex>
  );

  const line = (c: CloudConsole) => (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      <Flex wrap gap={6} align="center">
        <span style={BREAK_ANYWHERE}>{c.name}</span>
        <Tag color={c.connected ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
          {t(c.connected ? `${C}.connected` : `${C}.disconnected`)}
        </Tag>
        {c.controllerId !== null && <Tag style={{ marginInlineEnd: 0 }}>{t(`${C}.alreadyAdded`)}</Tag>}
      </Flex>
      {added?.[c.id] && (
        <Typography.Text type={added[c.id]?.ok ? 'success' : 'danger'} role="status" style={BREAK_ANYWHERE}>
          {added[c.id]?.text}
        </Typography.Text>
      )}
    </Flex>
  );

  return (
    <Modal open title={t(`${C}.title`)} footer={footer} onCancel={onClose} mask={{ closable: false }}>
      <Typography.Paragraph type="secondary">{t(`${C}.hint`)}</Typography.Paragraph>
      {(find.isError || find.data?.failure) && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={find.data?.failure ? checkText(find.data.failure) : errorText(find.error, t)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        name="siteManager"
        initialValues={{ url: SITE_MANAGER, apiKey: '' }}
        onFinish={onFind}
        onValuesChange={() => setKey(null)}
        disabled={adding || added !== null}
      >
        <Form.Item
          name="url"
          label={t(`${C}.url`)}
          rules={[
            { required: true, whitespace: true, message: t(`${K}.required.url`) },
            { pattern: URL_PATTERN, message: t(`${K}.invalid.url`) },
            { max: MAX_LENGTH.url, message: t(`${K}.invalid.tooLong`, { max: MAX_LENGTH.url }) },
          ]}
        >
          <Input autoComplete="off" inputMode="url" spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="apiKey"
          label={t(`${C}.apiKey`)}
          extra={t(`${C}.apiKeyHint`)}
          rules={[
            { required: true, whitespace: true, message: t(`${K}.required.apiKey`) },
            { max: MAX_LENGTH.apiKey, message: t(`${K}.invalid.tooLong`, { max: MAX_LENGTH.apiKey }) },
          ]}
        >
          <Input.Password autoComplete="new-password" spellCheck={false} />
        </Form.Item>
      </Form>
      {key && find.isSuccess && !find.data.failure && (
        <section aria-label={t(`${C}.consoles`)}>
          <Typography.Text strong>{t(`${C}.consoles`)}</Typography.Text>
          {consoles.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${C}.none`)} />
          ) : (
            <Checkbox.Group
              value={picked}
              onChange={(ids) => setPicked(ids as string[])}
              disabled={adding || added !== null}
              style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 8 }}
            >
              {consoles.map((c) => (
                <Checkbox key={c.id} value={c.id} disabled={c.controllerId !== null}>
                  {line(c)}
                </Checkbox>
              ))}
            </Checkbox.Group>
          )}
        </section>
      )}
    </Modal>
  );
}
