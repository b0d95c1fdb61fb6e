import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createTestQueryClient, jsonResponse } from '../../../../test/render';
import { makeAddress, myCompany, stubApi } from '../../../../test/company';
import { useCompanyDelivery } from './use-company-delivery';

afterEach(() => vi.unstubAllGlobals());

const renderDelivery = () => {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCompanyDelivery(), { wrapper }).result;
};

describe('what checkout needs of the company', () => {
  it("gives a buyer the company's sites and lets them order", async () => {
    stubApi({
      'GET /company': jsonResponse(myCompany({ role: 'buyer' }, { allowFreeTextAddress: false })),
      'GET /company/addresses': jsonResponse([makeAddress()]),
    });
    const result = renderDelivery();
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.book).toEqual({ sites: [makeAddress()], allowFreeText: false });
    expect(result.current.canOrder).toBe(true);
  });

  it('says finance cannot order (COMPANY_ROLE_RIGHTS)', async () => {
    stubApi({
      'GET /company': jsonResponse(myCompany({ role: 'finance' })),
      'GET /company/addresses': jsonResponse([]),
    });
    const result = renderDelivery();
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.canOrder).toBe(false);
  });

  it('leaves checkout as it was outside a company, or when the company cannot be asked', async () => {
    stubApi({});
    const result = renderDelivery();
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.book).toBeUndefined();
    expect(result.current.canOrder).toBe(true);
  });
});
