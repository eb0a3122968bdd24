import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { usePersonalDataAllowed } from '../../../lib/session/auth-context';
import type { JournalExport } from './journal-export';
import { exportPath, type PrintRange } from './print-range';

/** The range's entries as the export gives them (GET /api/export), for the printable view. */
export function useJournalExport(range: PrintRange) {
  const path = exportPath(range);
  // Not persisted: the list caches hold pages of the journal, not the whole of it.
  return useQuery({
    queryKey: ['print', path],
    queryFn: () => api.get<JournalExport>(path),
    enabled: usePersonalDataAllowed(),
    staleTime: 0,
  });
}
