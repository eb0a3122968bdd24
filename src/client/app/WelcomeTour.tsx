import { WelcomeReminder } from '../features/reminders/components/WelcomeReminder';
import { WelcomePanel, type WelcomeEnd } from '../features/welcome/components/WelcomePanel';

/** The welcome with the reminders' own form as its reminder step; loaded only when the welcome opens. */
export function WelcomeTour({ onEnd }: { onEnd: (end: WelcomeEnd) => void }) {
  return <WelcomePanel onEnd={onEnd} reminder={<WelcomeReminder />} />;
}
