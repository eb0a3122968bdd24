import { PASSWORD_RULES } from '../../../shared/auth-schemas';

/** The live list of sign-up password rules; each item says met or not met to screen readers too. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="password-checklist" aria-label="Requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={met ? 'rule rule-met' : 'rule'}>
            <span className="rule-icon" aria-hidden="true">
              {met ? '✓' : '○'}
            </span>
            <span className="rule-label">{rule.label}</span>
            <span className="visually-hidden">{met ? ', met' : ', not met'}</span>
          </li>
        );
      })}
    </ul>
  );
}
