import type { ParametersInput, SystemParameters } from '@it4u/shared';

/** The controller's account: needed only with a controller address (without one the demo controller is used). */
export const CONTROLLER_ACCOUNT = ['usernameUbnt', 'pwUbnt'] as const;
export type ControllerAccountField = (typeof CONTROLLER_ACCOUNT)[number];

export function isControllerAccount(field: string): field is ControllerAccountField {
  return (CONTROLLER_ACCOUNT as readonly string[]).includes(field);
}

/** Whether a controller address is typed (empty = the demo controller). */
export function hasControllerAddress(urlUbnt: unknown): boolean {
  return typeof urlUbnt === 'string' && urlUbnt.trim() !== '';
}

/** The PUT body of the form's values: text trimmed, secrets as typed (the mask keeps the stored one). */
export function toParametersBody(values: SystemParameters): ParametersInput {
  return {
    usernameUbnt: (values.usernameUbnt ?? '').trim(),
    pwUbnt: values.pwUbnt ?? '',
    tokenUcrm: values.tokenUcrm.trim(),
    tokenDev: (values.tokenDev ?? '').trim(),
    tokenDevEnabled: values.tokenDevEnabled !== false,
    urlUbnt: (values.urlUbnt ?? '').trim(),
    verifyTls: values.verifyTls !== false,
    sshHost: (values.sshHost ?? '').trim(),
    sshPort: values.sshPort ?? 22,
    sshUser: (values.sshUser ?? '').trim(),
    sshPassword: values.sshPassword ?? '',
    sshKey: values.sshKey ?? '',
    unifiDataDir: (values.unifiDataDir ?? '').trim(),
    terminalPassword: values.terminalPassword ?? '',
  };
}
