import type { Gender, Language, UserRow, UserType } from '@it4u/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { usersKeys } from './queryKeys.ts';

export type SignUpInput = {
  name: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  gender: Gender;
  language: Language;
  type: UserType;
  roles: string[];
  /** idnames */
  sitename: string[];
};

/** An administrator creates a user. */
export function useSignUpMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) => api.post<UserRow>('/auth/signup', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
