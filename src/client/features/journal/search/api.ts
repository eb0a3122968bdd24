import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { SearchPage } from '../../../../shared/search';
import { ApiError, apiRequest } from '../../../lib/api';
import { readCopiedMonths } from '../../../lib/persistence/journal-copy';
import { useAuth, usePersonalDataAllowed } from '../../../lib/session/auth-context';
import { useConnectionState } from '../../../lib/connection/connection-state';
import { unsentWrites } from '../sync/unsent-writes';
import { entriesOnDevice, searchOnDevice } from './offline-search';
import type { SearchLocation } from './search-view';

/** A page of results, and where they come from: the server, or the entries this device holds (`searched` of them). */
export interface SearchAnswer extends SearchPage {
  onDevice: boolean;
  searched: number | null;
}

export function fetchSearchPage(location: SearchLocation, cursor: string | null): Promise<SearchPage> {
  const params = new URLSearchParams({ q: location.q, order: location.order });
  if (location.prompt) params.set('prompt', location.prompt);
  if (location.prompt === 'answers' && location.wording) params.set('wording', location.wording);
  if (location.from) params.set('from', location.from);
  if (location.to) params.set('to', location.to);
  if (cursor) params.set('cursor', cursor);
  return apiRequest<SearchPage>('GET', `/api/search?${params}`);
}

/**
 * A search's pages (docs/product.md §17). Online, the server searches the whole journal; offline, or when the server
 * cannot be reached, the same search runs on the entries this device holds, and says so. Answers are not kept on the
 * device: each search asks again. Where they come from is part of the key, so results read offline are searched again
 * on the server once it can be reached.
 */
export function useSearchResults(location: SearchLocation, enabled: boolean) {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id;
  const onDevice = useConnectionState() === 'offline';
  return useInfiniteQuery({
    queryKey: ['search', location, onDevice ? 'device' : 'server'] as const,
    queryFn: async ({ pageParam }): Promise<SearchAnswer> => {
      if (!onDevice) {
        try {
          return { ...(await fetchSearchPage(location, pageParam)), onDevice: false, searched: null };
        } catch (error) {
          if (!(error instanceof ApiError && error.code === 'network-request-failed')) throw error;
        }
      }
      const copied = userId ? await readCopiedMonths(userId) : [];
      const page = searchOnDevice(entriesOnDevice(queryClient, unsentWrites.pending(), copied), location, pageParam);
      return { ...page, onDevice: true };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: usePersonalDataAllowed() && enabled,
    // Offline the browser says it has no network: the search on the device must run all the same.
    networkMode: 'always',
    retry: false,
    // While a person types, the results of what they typed before stay until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
