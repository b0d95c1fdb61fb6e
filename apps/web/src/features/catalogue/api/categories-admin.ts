import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Attribute, AttributeBody, Category, CategoryBody } from '@forgeline/shared/schemas/catalogue';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './catalogue-keys';

export type CategoryTree = { categories: Category[]; attributes: Attribute[] };

const treeKey = [...catalogueKeys.all, 'tree'] as const;

/** GET /api/categories: every category and attribute. */
export const useCategoryTree = () =>
  useQuery({ queryKey: treeKey, queryFn: ({ signal }) => api.get<CategoryTree>('/categories', { signal }) });

/** A write of the tree: every catalogue page is read again after it. */
const useWrite = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
};

const categoryPath = (id: string) => `/categories/${encodeURIComponent(id)}`;
export const useCreateCategory = () =>
  useWrite((body: CategoryBody) => api.post<Category>('/categories', body));
export const useUpdateCategory = () =>
  useWrite(({ id, body }: { id: string; body: CategoryBody }) => api.put<Category>(categoryPath(id), body));
export const useDeleteCategory = () => useWrite((id: string) => api.delete<null>(categoryPath(id)));
export const useAddAttribute = () =>
  useWrite(({ categoryId, body }: { categoryId: string; body: AttributeBody }) =>
    api.post<Attribute>(`${categoryPath(categoryId)}/attributes`, body),
  );
export const useRemoveAttribute = () =>
  useWrite((id: string) => api.delete<null>(`/category-attributes/${encodeURIComponent(id)}`));
