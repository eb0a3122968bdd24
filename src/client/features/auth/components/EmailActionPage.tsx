import { useSearchParams } from 'react-router';
import { actionModeSchema } from '../../../../shared/auth-schemas';
import { AUTH_MESSAGES } from '../../../../shared/messages';
import { usePageTitle } from '../../../lib/use-page-title';
import { ActionError } from './ActionError';
import { ResetPasswordAction } from './ResetPasswordAction';
import { VerifyEmailAction } from './VerifyEmailAction';

const HEADINGS = {
  verifyEmail: 'Email Verification',
  resetPassword: 'Reset Password',
  invalid: 'Account Link',
} as const;

/** /verify-email?mode=...&oobCode=...: the target of every link we email. */
export function EmailActionPage() {
  const [searchParams] = useSearchParams();
  const parsedMode = actionModeSchema.safeParse(searchParams.get('mode'));
  const oobCode = searchParams.get('oobCode');
  const mode = parsedMode.success && oobCode ? parsedMode.data : 'invalid';
  usePageTitle(HEADINGS[mode]);

  return (
    <div className="page-narrow">
      <section className="card auth-card" aria-labelledby="action-heading">
        <h1 id="action-heading">{HEADINGS[mode]}</h1>
        {mode === 'invalid' || !oobCode ? (
          <ActionError message={AUTH_MESSAGES['invalid-action-code']} />
        ) : mode === 'verifyEmail' ? (
          <VerifyEmailAction oobCode={oobCode} />
        ) : (
          <ResetPasswordAction oobCode={oobCode} />
        )}
      </section>
    </div>
  );
}
