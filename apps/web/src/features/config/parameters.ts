import type { ApiErrorCode, ErrorParams, SystemParameters } from '@it4u/shared';

/** What a controller check found: a code (said in the reader's language), the English text, the address (staff). */
export type ControllerCheck = {
  ok: boolean;
  code: ApiErrorCode;
  params?: ErrorParams;
  message: string;
  controller?: string;
};
export type SaveParametersAnswer = { saved: boolean; controller: ControllerCheck };
export type SessionCheck = ControllerCheck & { demo: boolean; flavor?: string };

/** The PUT body of the form's values: text trimmed, secrets as typed (the mask keeps the stored one). */
export function toParametersBody(values: SystemParameters): SystemParameters {
  return {
    usernameUbnt: values.usernameUbnt.trim(),
    pwUbnt: values.pwUbnt,
    tokenUcrm: values.tokenUcrm.trim(),
    tokenDev: values.tokenDev.trim(),
    urlUbnt: (values.urlUbnt ?? '').trim(),
    verifyTls: values.verifyTls !== false,
  };
}
