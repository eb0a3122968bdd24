import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { journalDayPath } from '../lib/paths';
import { todayKey } from '../lib/today';

/**
 * /journal/new, the link in a reminder email: today's list, with today's entry form opened over it, as 'Add Your
 * Journal Entry' then 'Skip' would open it. The form is a step in the list's history entry (JournalPage's
 * `journalStep` state), so Back from it returns to today's list, as it does from any step.
 */
export function WriteToday() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const today = journalDayPath(todayKey());
    void navigate(today, { replace: true });
    void navigate(today, { state: { journalStep: 'form' } });
  }, [navigate]);
  return null;
}
