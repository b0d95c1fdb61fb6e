/** Query keys of orders, from one factory: a customer's list, the admin list, one order. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  mine: (email: string) => [...orderKeys.lists(), 'mine', email] as const,
  admin: () => [...orderKeys.lists(), 'admin'] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: string) => [...orderKeys.details(), id] as const,
};
