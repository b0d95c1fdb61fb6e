import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserInfoBody } from '@forgeline/shared/schemas/user';
import { api } from '@/lib/api-client';
import { userKeys } from '@/lib/feature-query-keys';

/** PUT /api/userInfo?email=: saves the profile; modifiedCount 0 means nothing changed. */
export const updateUserInfo = ({ email, body }: { email: string; body: UserInfoBody }) =>
  api.put<{ modifiedCount: number }>('/userInfo', body, { params: { email } });

export const useUpdateUserInfo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserInfo,
    onSuccess: (_data, { email }) => queryClient.invalidateQueries({ queryKey: userKeys.info(email) }),
  });
};
