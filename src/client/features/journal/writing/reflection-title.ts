import { addDays } from '../../../../shared/dates';

/** The reflection's heading: today's, or that of the earlier day the entry is for. */
export function reflectionTitle(day: string | undefined, today: string): string {
  if (day === undefined || day === today) return "Today's Reflection";
  return day === addDays(today, -1) ? "Yesterday's Reflection" : 'Reflection for an Earlier Day';
}
