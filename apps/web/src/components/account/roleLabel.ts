import { isRoleName } from '@it4u/shared';
import type { TFunction } from 'i18next';

/** The translated name of a role; unknown role names are shown as they are. */
export function roleLabel(name: string, t: TFunction): string {
  return isRoleName(name) ? t(`roles.${name}`) : name;
}
