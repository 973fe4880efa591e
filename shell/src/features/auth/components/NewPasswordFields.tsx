import { ACCOUNT_MESSAGES } from '../api/messages';
import { passwordProblem } from '../api/password';
import { PasswordHelp, PasswordInput } from './PasswordInput';

/** Why the pair cannot be saved yet (the sign-up rule, then the confirmation), or null. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  return passwordProblem(password) ?? (confirmation !== password ? ACCOUNT_MESSAGES.passwordsDiffer : null);
}

/**
 * 'Nouveau mot de passe' with the sign-up's live counter (characters, not UTF-16 units; not only
 * spaces) and its confirmation, for the light /reset-password page.
 */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
}: {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor="new-password">Nouveau mot de passe</label>
      <PasswordInput
        id="new-password"
        name="new-password"
        autoComplete="new-password"
        required
        aria-describedby="new-password-help"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <PasswordHelp id="new-password-help" password={password} />
      <label htmlFor="new-password-confirmation">Confirmer le mot de passe</label>
      <PasswordInput
        id="new-password-confirmation"
        name="new-password-confirmation"
        autoComplete="new-password"
        required
        aria-describedby="new-password-confirmation-help"
        value={confirmation}
        onChange={(e) => onConfirmation(e.target.value)}
      />
      <div id="new-password-confirmation-help" aria-live="polite">
        {confirmation !== '' && confirmation !== password && <span className="ta-help">{ACCOUNT_MESSAGES.passwordsDiffer}</span>}
      </div>
    </>
  );
}
