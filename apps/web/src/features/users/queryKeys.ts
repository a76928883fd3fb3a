export type UsersListParams = { page: number; pageSize: number; q: string };

export const usersKeys = {
  all: ['users'] as const,
  list: (params: UsersListParams) => [...usersKeys.all, 'list', params] as const,
  everyone: () => [...usersKeys.all, 'everyone'] as const,
  roles: () => ['roles'] as const,
};
