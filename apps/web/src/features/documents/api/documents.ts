import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentPatch, PartDocument } from '@forgeline/shared/schemas/documents';
import { api } from '@/lib/api-client';

/** A part's documents (decision 0233): its page lists them, the admin's dialog edits them. */
export const documentKeys = {
  ofPart: (productId: string) => ['products', 'detail', productId, 'documents'] as const,
};

/** GET /api/product/:id/documents: anyone may list them; the download says who may fetch the file. */
export const getDocumentsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: documentKeys.ofPart(productId),
    queryFn: ({ signal }) =>
      api.get<PartDocument[]>(`/product/${encodeURIComponent(productId)}/documents`, { signal }),
  });

export const usePartDocuments = (productId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getDocumentsQueryOptions(productId), enabled: options.enabled ?? true });

export type DocumentUpload = {
  file: File;
  kind: string;
  title: string;
  visibility: string;
  revision: string;
  revisedOn: string;
};

/** POST /api/product/:id/documents (admin, multipart): the file with its kind, title, revision and visibility. */
export const useUploadDocument = (productId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, kind, title, visibility, revision, revisedOn }: DocumentUpload) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('visibility', visibility);
      if (title.trim()) form.append('title', title.trim());
      if (revision.trim()) form.append('revision', revision.trim());
      if (revisedOn) form.append('revisedOn', revisedOn);
      // The file last: the server reads the text fields first.
      form.append('file', file);
      return api.post<PartDocument>(`/product/${encodeURIComponent(productId)}/documents`, form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.ofPart(productId) }),
  });
};

/** PATCH /api/documents/:id (admin): rename, or change the kind or who may download it. */
export const useChangeDocument = (productId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: DocumentPatch }) =>
      api.patch<PartDocument>(`/documents/${encodeURIComponent(id)}`, patch),
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.ofPart(productId) }),
  });
};

/** DELETE /api/documents/:id (admin): the document and its file. */
export const useRemoveDocument = (productId: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/documents/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.ofPart(productId) }),
  });
};
