import { skipToken, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { useConnectionState } from '../../../lib/connection/connection-state';
import { type KeptMonth, readCopiedMonth } from '../../../lib/persistence/journal-copy';
import { useAuth } from '../../../lib/session/auth-context';

const unreachable = (error: unknown) => error instanceof ApiError && error.code === 'network-request-failed';

/**
 * One month of the device's copy of the journal (lib/persistence/journal-copy.ts), for the day and month pages: read
 * from IndexedDB only while the server cannot answer the page's list (offline, or its load failed for want of a
 * network), so that a writer offline can open any day or month the copy holds, and see the month's count. Kept in memory
 * only; the page's list and the stats panel share one read of the month. Nothing is read when not `wanted`.
 */
export function useCopiedMonth(
  month: string,
  list: { error: unknown; failureReason: unknown },
  wanted = true,
): KeptMonth | null | undefined {
  const userId = useAuth().user?.id;
  const offline = useConnectionState() === 'offline';
  const needed = wanted && (offline || unreachable(list.error) || unreachable(list.failureReason));
  const query = useQuery({
    queryKey: ['journal-copy', userId, month],
    queryFn: userId && needed ? () => readCopiedMonth(userId, month) : skipToken,
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
  });
  return needed ? query.data : undefined;
}
