import { DEFAULT_ROLE, type Gender, type Language, type RoleName, type UserRow, type UserType } from '@it4u/shared';

export type UserFormValues = {
  name: string;
  username: string;
  email: string;
  password?: string;
  confirmPassword?: string;
  gender: Gender;
  language: Language;
  type: UserType;
  roles?: RoleName[];
  /** idnames */
  sitename?: string[];
  active?: boolean;
};

/** A Client has the customer role only: the roles selector is hidden for them. */
export function rolesOf(values: UserFormValues): RoleName[] {
  return values.type === 'Client' ? [DEFAULT_ROLE] : (values.roles ?? []);
}

export function formValuesOf(user: UserRow): UserFormValues {
  return {
    name: user.name,
    username: user.username,
    email: user.email,
    gender: user.gender,
    language: user.language,
    type: user.type,
    roles: user.roles.map((role) => role.name),
    sitename: user.sitename.map((site) => site.idname),
    active: user.status === 'Active',
  };
}
