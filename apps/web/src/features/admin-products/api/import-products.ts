import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductImportReport } from '@forgeline/shared/schemas/product-import';
import { api } from '@/lib/api-client';
import { productKeys } from '@/lib/query-keys';

/**
 * POST /api/products/import (admin, decision 0107): the file itself as the text/csv body. A dry run
 * answers what each row would do; a real run writes every row or none.
 */
export const importProducts = ({ file, dryRun }: { file: Blob; dryRun: boolean }) =>
  api.post<ProductImportReport>('/products/import', new Blob([file], { type: 'text/csv' }), {
    params: { dryRun },
    auth: true,
  });

export const useImportProducts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSettled: (_data, _error, { dryRun }) => {
      if (!dryRun) void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
};
