import type { TFunction } from 'i18next';

/** An e-mail address as the forms check it before the server does. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A form rule for a list of recipients (a tags select): the first address that is none, named. */
export const recipientsRule = (t: TFunction) => ({
  validator: (_: unknown, value: string[] | undefined) => {
    const bad = (value ?? []).find((a) => !EMAIL.test(a));
    return bad ? Promise.reject(new Error(t('mailer.badRecipient', { address: bad }))) : Promise.resolve();
  },
});
