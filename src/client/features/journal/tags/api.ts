import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EntryPage } from '../../../../shared/entry-schemas';
import type { TagList } from '../../../../shared/tags';
import { apiRequest } from '../../../lib/api';
import { usePersonalDataAllowed } from '../../../lib/session/auth-context';
import { journalKeys } from '../api';

/** Under the journal's entries: every write, here or from the outbox, makes them be read again. */
export const tagKeys = {
  list: [...journalKeys.entries, 'tags'] as const,
  entries: (tag: string) => [...journalKeys.entries, 'tag', tag] as const,
};

export const tagApi = {
  list: () => apiRequest<TagList>('GET', '/api/tags'),
  entries: (tag: string, cursor: string | null) => {
    const query = new URLSearchParams({ tag });
    if (cursor) query.set('cursor', cursor);
    return apiRequest<EntryPage>('GET', `/api/tags/entries?${query}`);
  },
  rename: (from: string, to: string) => apiRequest<{ entries: number }>('POST', '/api/tags/rename', { from, to }),
};

/** The writer's tags with their counts, most used first. */
export function useTags() {
  return useQuery({ queryKey: tagKeys.list, queryFn: tagApi.list, enabled: usePersonalDataAllowed() });
}

/** The writer's entries with a tag, newest first, a page at a time. */
export function useTagEntries(tag: string) {
  return useInfiniteQuery({
    queryKey: tagKeys.entries(tag),
    queryFn: ({ pageParam }) => tagApi.entries(tag, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    enabled: usePersonalDataAllowed(),
  });
}

/** Renames a tag, or merges it into one the writer has; every list of entries is read again after. */
export function useRenameTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) => tagApi.rename(from, to),
    onSettled: () => queryClient.invalidateQueries({ queryKey: journalKeys.entries }),
  });
}
