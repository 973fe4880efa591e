import { useState, type InputHTMLAttributes } from 'react';
import { MIN_PASSWORD_LENGTH, passwordLength, passwordProblem } from '../api/password';

/**
 * A password field with antd's eye to show the characters. The eye's name avoids the words of the
 * field's label, so that 'Mot de passe' names one control only.
 */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>) {
  const [visible, setVisible] = useState(false);
  return (
    <span className="ta-password">
      <input {...props} type={visible ? 'text' : 'password'} />
      <button type="button" className="ta-eye" aria-label="Afficher les caractères" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
          {!visible && <path d="M4 20L20 4" />}
        </svg>
      </button>
    </span>
  );
}

/**
 * Under a new password: '✓ Mot de passe valide', or what is wrong with the n/6 counter (spec §5),
 * counted in characters (passwordProblem, passwordLength). Announced as it changes.
 */
export function PasswordHelp({ id, password }: { id: string; password: string }) {
  const problem = passwordProblem(password);
  return (
    <div id={id} aria-live="polite">
      {problem === null ? (
        <span className="ta-help-ok">✓ Mot de passe valide</span>
      ) : (
        <span className="ta-help">
          {problem}{' '}
          <span data-testid="password-counter">
            {passwordLength(password)}/{MIN_PASSWORD_LENGTH}
          </span>
        </span>
      )}
    </div>
  );
}
