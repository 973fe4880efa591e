import { useState, type InputHTMLAttributes } from 'react';

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
