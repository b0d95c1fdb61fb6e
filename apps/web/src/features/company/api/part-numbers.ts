import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PartNumber,
  PartNumberBody,
  PartNumberImportReport,
} from '@forgeline/shared/schemas/part-numbers';
import { api } from '@/lib/api-client';
import { companyKeys } from '@/lib/feature-query-keys';

/** The company's own part numbers: under the company's scope, built here, not in a module every route loads. */
const partNumberKeys = { all: [...companyKeys.all, 'part-numbers'] as const };

/** GET /api/company/partNumbers.csv: a download; the session cookie authenticates it. */
export const PART_NUMBERS_CSV_URL = '/api/company/partNumbers.csv';

/** GET /api/company/partNumbers: the company's own numbers for our parts (decision 0218). */
export const usePartNumbers = () =>
  useQuery({
    queryKey: partNumberKeys.all,
    queryFn: ({ signal }) => api.get<PartNumber[]>('/company/partNumbers', { signal }),
  });

const usePartNumbersChange = <V, R>(change: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: partNumberKeys.all }),
  });
};

/** PUT /api/company/partNumbers: sets (or replaces) the number of one of our parts. */
export const useSetPartNumber = () =>
  usePartNumbersChange((body: PartNumberBody) => api.put<PartNumber>('/company/partNumbers', body));

/** DELETE /api/company/partNumbers/:productId. */
export const useRemovePartNumber = () =>
  usePartNumbersChange((productId: string) =>
    api.delete<void>(`/company/partNumbers/${encodeURIComponent(productId)}`),
  );

/** POST /api/company/partNumbers/import: the file as text/csv; a dry run writes nothing. */
export const useImportPartNumbers = () =>
  usePartNumbersChange(({ file, dryRun }: { file: Blob; dryRun: boolean }) =>
    api.post<PartNumberImportReport>('/company/partNumbers/import', new Blob([file], { type: 'text/csv' }), {
      params: { dryRun },
      auth: true,
    }),
  );
