import { useMutation } from '@tanstack/react-query';
import type { QuickOrderCheckResponse } from '@forgeline/shared/schemas/cart';
import { api } from '@/lib/api-client';

/** POST /api/quick-order/check: each pasted line with its product, price and problem; stores nothing. */
export const checkQuickOrder = (text: string) =>
  api.post<QuickOrderCheckResponse>('/quick-order/check', { text });

export const useCheckQuickOrder = () => useMutation({ mutationFn: checkQuickOrder });
