import { PASSWORD_RULES, PASSWORD_SPECIAL_CHARACTERS, type PasswordRule } from '../../shared/auth-schemas';

/** What a screen reader says for each special character: many readers skip bare punctuation. */
const SPOKEN_SYMBOLS: Record<string, string> = {
  '!': 'exclamation mark',
  '@': 'at sign',
  '#': 'hash',
  $: 'dollar',
  '%': 'percent',
  '^': 'caret',
  '&': 'ampersand',
  '*': 'asterisk',
  '(': 'left parenthesis',
  ')': 'right parenthesis',
  _: 'underscore',
  '+': 'plus',
  '-': 'hyphen',
  '=': 'equals',
  '[': 'left square bracket',
  ']': 'right square bracket',
  '{': 'left brace',
  '}': 'right brace',
  ';': 'semicolon',
  "'": 'apostrophe',
  ':': 'colon',
  '"': 'quotation mark',
  '\\': 'backslash',
  '|': 'vertical bar',
  ',': 'comma',
  '.': 'full stop',
  '<': 'less-than sign',
  '>': 'greater-than sign',
  '/': 'slash',
  '?': 'question mark',
  '~': 'tilde',
  '`': 'backtick',
};

const SPECIAL_SHOWN = [...PASSWORD_SPECIAL_CHARACTERS].join(' ');
const SPECIAL_SPOKEN = [...PASSWORD_SPECIAL_CHARACTERS].map((ch) => SPOKEN_SYMBOLS[ch] ?? ch).join(', ');

/** The symbols a rule accepts, under its label: shown spaced out, and read by name. */
function RuleDetail({ rule }: { rule: PasswordRule }) {
  if (rule.id !== 'special') return null;
  return (
    <span className="rule-detail">
      <span aria-hidden="true">{SPECIAL_SHOWN}</span>
      <span className="visually-hidden">. Any of: {SPECIAL_SPOKEN}</span>
    </span>
  );
}

/** The live list of password rules (sign-up, reset, settings); each item says met or not met to screen readers too. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="password-checklist" aria-label="Requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={`rule rule-${rule.id}${met ? ' rule-met' : ''}`}>
            <span className="rule-icon" aria-hidden="true">
              {met ? '✓' : '○'}
            </span>
            <span className="rule-text">
              <span className="rule-label">{rule.label}</span>
              <span className="visually-hidden">{met ? ', met' : ', not met'}</span>
              <RuleDetail rule={rule} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
