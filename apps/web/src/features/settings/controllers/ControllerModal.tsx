import { type ControllerView, type SavedController, SECRET_MASK } from '@it4u/shared';
import { Alert, ConfigProvider, Form, type FormRule, Input, InputNumber, Radio, Select, Switch } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../../api/client.ts';
import { errorText, type FieldError } from '../../../api/errors.ts';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import {
  type ControllerValues,
  FINGERPRINT_PATTERN,
  FLAVORS,
  initialValues,
  MAX_LENGTH,
  SIGN_INS,
  secretContextChanged,
  secretMustBeRetyped,
  TIMEOUT_MAX,
  TIMEOUT_MIN,
  toControllerBody,
  URL_PATTERN,
} from './controllerForm.ts';
import { useSaveControllerMutation } from './controllerQueries.ts';

type Props = {
  /** the controller to change; null adds one */
  controller: ControllerView | null;
  /** a refused certificate's fingerprint, put in the form to be trusted */
  trust?: string;
  onSaved: (saved: SavedController) => void;
  onClose: () => void;
};

const FIELDS: readonly string[] = Object.keys(initialValues(null));
const K = 'settings.parameters.controllers';
const SECRETS = ['password', 'apiKey'] as const;
type Secret = (typeof SECRETS)[number];

// The fields stand a fixed gap apart, a message under one included: antd's own spacing lets a message take the
// gap, which leaves the next label touching it. The item's margin is none and the form's gap takes its place.
const FORM_THEME = { components: { Form: { itemMarginBottom: 0 } } };
const FORM_STYLE = { display: 'flex', flexDirection: 'column', gap: 16 } as const;
// On a short screen the form scrolls inside the dialog, its buttons staying in sight below it (the dialog's top
// margin, title, padding and buttons take about 290 px); the side padding keeps the fields' focus rings unclipped.
const SCROLL_STYLE = {
  maxHeight: 'calc(100dvh - 290px)',
  minHeight: 160,
  overflowY: 'auto',
  padding: '2px 4px',
  margin: '-2px -4px',
} as const;

/**
 * Adds or changes a controller. The way of signing in picks the fields: an account's user and password, or an API
 * key. A refusal of the server is said under its field, or above the form when it names none; what was typed stays.
 */
export function ControllerModal({ controller, trust, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveControllerMutation();
  const [form] = Form.useForm<ControllerValues>();
  const initial = initialValues(controller, trust);
  const signIn = Form.useWatch('signIn', form) ?? initial.signIn;
  const flavor = Form.useWatch('flavor', form) ?? initial.flavor;
  // what the stored secrets were typed for, as the form now has it (the fields of the other way of signing in kept)
  const context = {
    url: Form.useWatch('url', { form, preserve: true }) ?? initial.url,
    username: Form.useWatch('username', { form, preserve: true }) ?? initial.username,
    verifyTls: Form.useWatch('verifyTls', { form, preserve: true }) ?? initial.verifyTls,
    tlsFingerprint: Form.useWatch('tlsFingerprint', { form, preserve: true }) ?? initial.tlsFingerprint,
  };
  const stored = (secret: Secret) => controller?.[secret] === SECRET_MASK;
  // a stored secret that may not go where the form now points: its field is emptied, and says why
  const mustRetype = (secret: Secret) => stored(secret) && secretContextChanged(controller, context, secret);
  // the refusal that names no field of the form, shown above it
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = (values: ControllerValues) => {
    setFailure(null);
    save.mutate(
      { id: controller?.id ?? null, body: toControllerBody(values) },
      {
        onSuccess: (saved) => onSaved(saved),
        onError: (error) => {
          const fields = notice.fieldErrors(error);
          // a taken address is the address's fault, even when the answer names no field
          if (fields.length === 0 && isHttpError(error) && error.code === 'controllerTaken') {
            fields.push({ field: 'url', message: errorText(error, t) });
          }
          const onForm = fields.filter((f) => FIELDS.includes(f.field));
          const elsewhere = fields.filter((f) => !FIELDS.includes(f.field));
          form.setFields(onForm.map((f) => ({ name: f.field as keyof ControllerValues, errors: [f.message] })));
          if (onForm.length === 0 || elsewhere.length > 0) setFailure(failureText(error, elsewhere, t));
        },
      },
    );
  };

  // The mask in a field means "keep the stored one", which a changed address, account or TLS check does not allow:
  // it is taken out of the field (typing again is the only way on), and put back when the change is undone.
  const onValuesChange = () => {
    const now = {
      url: form.getFieldValue('url'),
      username: form.getFieldValue('username'),
      verifyTls: form.getFieldValue('verifyTls'),
      tlsFingerprint: form.getFieldValue('tlsFingerprint'),
    };
    const fields = SECRETS.filter((secret) => stored(secret)).flatMap((secret) => {
      const value = form.getFieldValue(secret);
      const moved = secretContextChanged(controller, now, secret);
      if (moved && value === SECRET_MASK) return [{ name: secret, value: '', errors: [] }];
      if (!moved && value === '') return [{ name: secret, value: SECRET_MASK, errors: [] }];
      return [];
    });
    if (fields.length > 0) form.setFields(fields);
  };

  const tooLong = (field: keyof typeof MAX_LENGTH): FormRule => ({
    max: MAX_LENGTH[field],
    message: t(`${K}.invalid.tooLong`, { max: MAX_LENGTH[field] }),
  });
  // A stored secret sent back masked goes only where it went before: a new address, account or TLS check needs it
  // typed again (the server says so too; here it is said before sending).
  const retyped =
    (secret: 'password' | 'apiKey'): FormRule =>
    ({ getFieldValue }) => ({
      validator: (_, typed: string | undefined) =>
        secretMustBeRetyped(
          controller,
          {
            url: getFieldValue('url'),
            username: getFieldValue('username'),
            verifyTls: getFieldValue('verifyTls'),
            tlsFingerprint: getFieldValue('tlsFingerprint'),
          },
          secret,
          typed,
        )
          ? Promise.reject(
              new Error(
                t(secret === 'password' ? 'apiErrors.passwordForNewController' : 'apiErrors.apiKeyForNewController'),
              ),
            )
          : Promise.resolve(),
    });
  // Under a secret's field: keep the stored one, or (after a change of where it goes) type it again. The second is
  // its only message, grey at first and red once the form is sent without it.
  const secretHelp = (secret: Secret) =>
    mustRetype(secret)
      ? { help: t(secret === 'password' ? `${K}.fields.retypePassword` : `${K}.fields.retypeApiKey`) }
      : {};
  const keep = (secret: Secret) =>
    stored(secret) && !mustRetype(secret) ? t('settings.parameters.keepSecret') : undefined;

  return (
    <FormModal
      title={controller ? t(`${K}.editTitle`, { name: controller.name }) : t(`${K}.addTitle`)}
      okText={t(controller ? 'common.save' : 'common.add')}
      form={form}
      pending={save.isPending}
      onClose={onClose}
    >
      <div style={SCROLL_STYLE}>
        {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
        <ConfigProvider theme={FORM_THEME}>
          <Form<ControllerValues>
            form={form}
            layout="vertical"
            name="controller"
            initialValues={initial}
            onFinish={onFinish}
            onValuesChange={onValuesChange}
            style={FORM_STYLE}
          >
            <Form.Item
              name="name"
              label={t(`${K}.fields.name`)}
              rules={[{ required: true, whitespace: true, message: t(`${K}.required.name`) }, tooLong('name')]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="url"
              label={t(`${K}.fields.url`)}
              extra={t(`${K}.fields.urlHint`)}
              rules={[
                { required: true, whitespace: true, message: t(`${K}.required.url`) },
                { pattern: URL_PATTERN, message: t(`${K}.invalid.url`) },
                tooLong('url'),
              ]}
            >
              <Input
                autoComplete="off"
                inputMode="url"
                placeholder="https://unifi.example.vn:8443"
                spellCheck={false}
              />
            </Form.Item>
            <Form.Item
              name="flavor"
              label={t(`${K}.fields.flavor`)}
              extra={flavor === 'auto' ? t(`${K}.fields.flavorHint`) : undefined}
            >
              <Select options={FLAVORS.map((f) => ({ value: f, label: t(`${K}.flavors.${f}`) }))} />
            </Form.Item>
            {/* an API key with the classic flavor is said at the way of signing in: the choice that makes it wrong */}
            <Form.Item
              name="signIn"
              label={t(`${K}.fields.signIn`)}
              dependencies={['flavor']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, chosen: string) =>
                    chosen === 'apiKey' && getFieldValue('flavor') === 'classic'
                      ? Promise.reject(new Error(t('apiErrors.apiKeyNeedsUnifiOs')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Radio.Group options={SIGN_INS.map((s) => ({ value: s, label: t(`${K}.signIns.${s}`) }))} />
            </Form.Item>
            {signIn === 'account' ? (
              <>
                <Form.Item
                  name="username"
                  label={t(`${K}.fields.username`)}
                  rules={[
                    { required: true, whitespace: true, message: t(`${K}.required.username`) },
                    tooLong('username'),
                  ]}
                >
                  <Input autoComplete="off" />
                </Form.Item>
                <Form.Item
                  name="password"
                  label={t(`${K}.fields.password`)}
                  extra={keep('password')}
                  {...secretHelp('password')}
                  rules={[
                    { required: true, whitespace: true, message: t(`${K}.required.password`) },
                    tooLong('password'),
                    retyped('password'),
                  ]}
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </>
            ) : (
              <Form.Item
                name="apiKey"
                label={t(`${K}.fields.apiKey`)}
                extra={
                  <>
                    <div>{t(`${K}.fields.apiKeyHint`)}</div>
                    {keep('apiKey') && <div>{keep('apiKey')}</div>}
                  </>
                }
                {...secretHelp('apiKey')}
                rules={[
                  { required: true, whitespace: true, message: t(`${K}.required.apiKey`) },
                  tooLong('apiKey'),
                  retyped('apiKey'),
                ]}
              >
                <Input.Password autoComplete="new-password" spellCheck={false} />
              </Form.Item>
            )}
            <Form.Item
              name="verifyTls"
              label={t('settings.parameters.verifyTls')}
              extra={t('settings.parameters.verifyTlsHint')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
            <Form.Item
              name="tlsFingerprint"
              label={t(`${K}.fields.tlsFingerprint`)}
              extra={t(`${K}.fields.tlsFingerprintHint`)}
              rules={[{ pattern: FINGERPRINT_PATTERN, message: t(`${K}.invalid.tlsFingerprint`) }]}
            >
              {/* the whole of it in sight, to be compared with the controller's: 95 characters wrap */}
              <Input.TextArea
                spellCheck={false}
                autoComplete="off"
                placeholder="AB:CD:…"
                autoSize={{ minRows: 1, maxRows: 3 }}
                style={{ fontFamily: 'monospace' }}
              />
            </Form.Item>
            <Form.Item
              name="timeoutSeconds"
              label={t(`${K}.fields.timeoutSeconds`)}
              extra={t(`${K}.fields.timeoutHint`)}
              rules={[
                {
                  required: true,
                  type: 'number',
                  min: TIMEOUT_MIN,
                  max: TIMEOUT_MAX,
                  message: t(`${K}.required.timeoutSeconds`),
                },
              ]}
            >
              <InputNumber min={TIMEOUT_MIN} max={TIMEOUT_MAX} precision={0} style={{ width: 160 }} />
            </Form.Item>
          </Form>
        </ConfigProvider>
      </div>
    </FormModal>
  );
}

/** The refusal said above the form: the fields it names that the form has not, or the answer's own text. */
function failureText(error: unknown, elsewhere: FieldError[], t: TFunction): string {
  return elsewhere.length > 0 ? elsewhere.map((f) => `${f.field}: ${f.message}`).join(' · ') : errorText(error, t);
}
