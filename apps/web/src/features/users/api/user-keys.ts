/** Query keys of users and profiles, from one factory. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: () => [...userKeys.lists(), 'all'] as const,
  infos: () => [...userKeys.all, 'info'] as const,
  info: (email: string) => [...userKeys.infos(), email.toLowerCase()] as const,
};
