import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfoResponse } from '@forgeline/shared/schemas/user';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/feature-query-keys';

/** GET /api/userInfo?email=: your role and profile (phone, address, profession). */
export const getUserInfo = (
  email: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<UserInfoResponse> =>
  api.get<UserInfoResponse>('/userInfo', { params: { email }, ...(signal ? { signal } : {}) });

export const getUserInfoQueryOptions = (email: string) =>
  queryOptions({
    queryKey: userKeys.info(email),
    queryFn: ({ signal }) => getUserInfo(email, { signal }),
  });

export const useUserInfo = (email: string | undefined) =>
  useQuery({ ...getUserInfoQueryOptions(email ?? ''), enabled: Boolean(email) });
