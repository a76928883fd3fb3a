import { type ControllerView, type SavedController, SECRET_MASK } from '@it4u/shared';
import { Alert, Form, type FormRule, Input, InputNumber, Radio, Select, Switch } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../../api/client.ts';
import { errorText, type FieldError } from '../../../api/errors.ts';
import { useNotice } from '../../../components/feedback/useNotice.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import {
  type ControllerValues,
  FLAVORS,
  initialValues,
  MAX_LENGTH,
  SIGN_INS,
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
  onSaved: (saved: SavedController) => void;
  onClose: () => void;
};

const FIELDS: readonly string[] = Object.keys(initialValues(null));
const K = 'settings.parameters.controllers';

/**
 * Adds or changes a controller. The way of signing in picks the fields: an account's user and password, or an API
 * key. A refusal of the server is said under its field, or above the form when it names none; what was typed stays.
 */
export function ControllerModal({ controller, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const notice = useNotice();
  const save = useSaveControllerMutation();
  const [form] = Form.useForm<ControllerValues>();
  const initial = initialValues(controller);
  const signIn = Form.useWatch('signIn', form) ?? initial.signIn;
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
          { url: getFieldValue('url'), username: getFieldValue('username'), verifyTls: getFieldValue('verifyTls') },
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
  const keep = (stored: string | undefined) =>
    stored === SECRET_MASK ? t('settings.parameters.keepSecret') : undefined;

  return (
    <FormModal
      title={controller ? t(`${K}.editTitle`, { name: controller.name }) : t(`${K}.addTitle`)}
      okText={t(controller ? 'common.save' : 'common.add')}
      form={form}
      pending={save.isPending}
      onClose={onClose}
    >
      {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
      <Form<ControllerValues>
        form={form}
        layout="vertical"
        name="controller"
        initialValues={initial}
        onFinish={onFinish}
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
          <Input autoComplete="off" inputMode="url" placeholder="https://controller:8443" spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="flavor"
          label={t(`${K}.fields.flavor`)}
          extra={t(`${K}.fields.flavorHint`)}
          dependencies={['signIn']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, flavor: string) =>
                getFieldValue('signIn') === 'apiKey' && flavor === 'classic'
                  ? Promise.reject(new Error(t('apiErrors.apiKeyNeedsUnifiOs')))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Select options={FLAVORS.map((f) => ({ value: f, label: t(`${K}.flavors.${f}`) }))} />
        </Form.Item>
        <Form.Item name="signIn" label={t(`${K}.fields.signIn`)}>
          <Radio.Group options={SIGN_INS.map((s) => ({ value: s, label: t(`${K}.signIns.${s}`) }))} />
        </Form.Item>
        {signIn === 'account' ? (
          <>
            <Form.Item
              name="username"
              label={t(`${K}.fields.username`)}
              rules={[{ required: true, whitespace: true, message: t(`${K}.required.username`) }, tooLong('username')]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t(`${K}.fields.password`)}
              extra={keep(controller?.password)}
              dependencies={['url', 'username', 'verifyTls']}
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
                {keep(controller?.apiKey) && <div>{keep(controller?.apiKey)}</div>}
              </>
            }
            dependencies={['url', 'verifyTls']}
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
    </FormModal>
  );
}

/** The refusal said above the form: the fields it names that the form has not, or the answer's own text. */
function failureText(error: unknown, elsewhere: FieldError[], t: TFunction): string {
  return elsewhere.length > 0 ? elsewhere.map((f) => `${f.field}: ${f.message}`).join(' · ') : errorText(error, t);
}
