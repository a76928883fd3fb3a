import type { ParametersInput, SystemParameters } from '@it4u/shared';

/** The PUT body of the form's values: text trimmed, secrets as typed (the mask keeps the stored one). */
export function toParametersBody(values: SystemParameters): ParametersInput {
  return {
    usernameUbnt: values.usernameUbnt.trim(),
    pwUbnt: values.pwUbnt,
    tokenUcrm: values.tokenUcrm.trim(),
    tokenDev: values.tokenDev.trim(),
    urlUbnt: (values.urlUbnt ?? '').trim(),
    verifyTls: values.verifyTls !== false,
  };
}
