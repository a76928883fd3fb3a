import { describe, expect, it } from 'vitest';
import { normalizeRoles } from './UserFormFields.tsx';

describe('roles of the user dialogs', () => {
  it('drops the preset customer role when another role is picked', () => {
    expect(normalizeRoles(['ROLE_KH', 'ROLE_KT'], ['ROLE_KH'])).toEqual(['ROLE_KT']);
  });

  it('keeps the customer role once it was chosen among others', () => {
    expect(normalizeRoles(['ROLE_KT', 'ROLE_KH'], ['ROLE_KT'])).toEqual(['ROLE_KT', 'ROLE_KH']);
  });

  it('lets the list be emptied (the required rule then speaks)', () => {
    expect(normalizeRoles([], ['ROLE_KH'])).toEqual([]);
  });
});
