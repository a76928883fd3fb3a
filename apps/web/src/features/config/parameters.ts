import type { SystemParameters } from '@it4u/shared';

export type ControllerCheck = { ok: boolean; message: string };
export type SaveParametersAnswer = { saved: boolean; controller: ControllerCheck };
export type SessionCheck = { ok: boolean; demo: boolean; flavor?: string; message: string };

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
