import { Button } from '../../../../ui/Button';
import { Notice } from '../../../../ui/Notice';
import { loadErrorMessages, retryAsked, useFailureToast } from '../load-failure';

export interface LoadErrorProps {
  /** Names the failing list, so one failure is toasted once. */
  source: string;
  error: unknown;
  failedAt: number;
  /** The list's dataUpdatedAt: a failure after a load is told even if the one before it was the same. */
  loadedAt: number;
  retrying: boolean;
  onRetry: () => void;
}

/**
 * A failed load: a toast, and in place of the list the reason with a way to try again (docs/product.md §8). The toast is what
 * screen readers hear; the inline reason stays in the page without being announced a second time.
 */
export function LoadError({ source, error, failedAt, loadedAt, retrying, onRetry }: LoadErrorProps) {
  const messages = loadErrorMessages(error);
  useFailureToast(source, failedAt, messages.toast, loadedAt);
  return (
    <Notice tone="error" className="load-error" announce={false}>
      <p>{messages.inline}</p>
      <Button
        variant="secondary"
        className="btn-small"
        busy={retrying}
        onClick={() => {
          retryAsked(source);
          onRetry();
        }}
      >
        Try Again
      </Button>
    </Notice>
  );
}
