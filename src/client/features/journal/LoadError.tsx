import { Button } from '../../ui/Button';
import { Notice } from '../../ui/Notice';
import { useFailureToast } from './hooks';
import { loadErrorMessages } from './load-errors';

export interface LoadErrorProps {
  /** Names the failing list, so one failure is toasted once. */
  source: string;
  error: unknown;
  failedAt: number;
  retrying: boolean;
  onRetry: () => void;
}

/**
 * A failed load: a toast, and in place of the list the reason with a way to try again (SPEC §8). The toast is what
 * screen readers hear; the inline reason stays in the page without being announced a second time.
 */
export function LoadError({ source, error, failedAt, retrying, onRetry }: LoadErrorProps) {
  const messages = loadErrorMessages(error);
  useFailureToast(source, failedAt, messages.toast);
  return (
    <Notice tone="error" className="load-error" announce={false}>
      <p>{messages.inline}</p>
      <Button variant="secondary" className="btn-small" busy={retrying} onClick={onRetry}>
        Try Again
      </Button>
    </Notice>
  );
}
