import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Suggestion } from '@forgeline/shared/schemas/catalogue';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './catalogue-keys';

/** GET /api/catalogue/suggest: the parts a search box offers while typing (from two characters). */
export const useSuggestions = (q: string) =>
  useQuery({
    queryKey: [...catalogueKeys.all, 'suggest', q.toLowerCase()] as const,
    queryFn: ({ signal }) =>
      api.get<Suggestion[]>(`/catalogue/suggest?${new URLSearchParams({ q }).toString()}`, { signal }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
