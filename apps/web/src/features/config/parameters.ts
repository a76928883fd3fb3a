/** What GET /it4u/systemConfig answers in place of a stored secret; sent back unchanged, it keeps the secret. */
export const SECRET_MASK = '********';

/** The system parameters (spec section 3) plus the controller address and TLS check. */
export type SystemParameters = {
  usernameUbnt: string;
  pwUbnt: string;
  tokenUcrm: string;
  tokenDev: string;
  /** empty = the demo controller */
  urlUbnt: string;
  verifyTls: boolean;
};

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
