import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Checkout } from '@forgeline/shared/schemas/checkout';
import type { ApprovalNeeded, OrderRequest } from '@forgeline/shared/schemas/company';
import { paths } from '@/config/paths';
import { toast } from './toast';

/** A 202 of checkout or of accepting a quote: over the buyer's limit, sent to an approver, nothing placed. */
export const isApprovalNeeded = (answer: object): answer is ApprovalNeeded => 'request' in answer;

/**
 * What follows placing an order (the checkout, an accepted quote): `placed(answer, text)` toasts
 * `text(checkout)` and goes on to the checkout's payment; an answer over the buyer's limit went to an
 * approver instead, nothing placed, and is kept as `sent` for ApprovalSent.
 */
export const useOrderPlacement = () => {
  const navigate = useNavigate();
  const [sent, setSent] = useState<OrderRequest | null>(null);
  const placed = async (answer: Checkout | ApprovalNeeded, text: (checkout: Checkout) => string) => {
    if (isApprovalNeeded(answer)) return setSent(answer.request);
    toast.success(text(answer));
    await navigate(paths.checkoutPay.getHref(answer._id));
  };
  return { sent, placed };
};
