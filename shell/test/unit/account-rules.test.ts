/** The new password's rule with its confirmation, and the French messages of the Auth errors the recovery and account screens meet. */
import { emailChangeErrorMessage, passwordChangeErrorMessage, resetRequestErrorMessage, verifyErrorMessage } from '../../src/features/auth/api/messages';
import { newPasswordProblem } from '../../src/features/auth/components/NewPasswordFields';

describe('newPasswordProblem', () => {
  it.each([
    ['😀😀😀', '😀😀😀', 'Le mot de passe doit contenir au moins 6 caractères.'],
    ['      ', '      ', 'Le mot de passe ne peut pas contenir uniquement des espaces.'],
    ['secret-123', 'secret-124', 'Les deux mots de passe ne correspondent pas.'],
    ['secret-123', '', 'Les deux mots de passe ne correspondent pas.'],
    ['😀😀😀😀😀😀', '😀😀😀😀😀😀', null],
    [' a b c ', ' a b c ', null],
  ])('%j / %j → %j', (password, confirmation, problem) => {
    expect(newPasswordProblem(password, confirmation)).toBe(problem);
  });
});

describe('messages', () => {
  it('maps the recovery request errors', () => {
    expect(resetRequestErrorMessage({ code: 'over_email_send_rate_limit', status: 429 })).toBe('Trop de tentatives. Veuillez patienter quelques minutes.');
    expect(resetRequestErrorMessage({ code: 'validation_failed', status: 400 })).toBe('Adresse email invalide.');
    expect(resetRequestErrorMessage(new TypeError('Failed to fetch'))).toBe("Échec de l'envoi de l'e-mail. Veuillez réessayer.");
  });

  it('maps a used or expired link', () => {
    expect(verifyErrorMessage({ code: 'otp_expired', status: 403 })).toBe("Ce lien n'est plus valide : il a déjà servi ou il a expiré (il est valable 1 heure).");
    expect(verifyErrorMessage({ status: 500 })).toBe('La vérification du lien a échoué. Veuillez réessayer.');
  });

  it('maps the password change errors', () => {
    expect(passwordChangeErrorMessage({ code: 'weak_password', status: 422 })).toBe('Le mot de passe doit contenir au moins 6 caractères.');
    expect(passwordChangeErrorMessage({ code: 'same_password', status: 422 })).toBe("Le nouveau mot de passe doit être différent de l'actuel.");
    expect(passwordChangeErrorMessage({ code: 'validation_failed', message: 'Password cannot be longer than 72 characters' })).toMatch(/^Le mot de passe ne doit pas dépasser 72 caractères/);
    expect(passwordChangeErrorMessage({ name: 'AuthSessionMissingError', status: 400 })).toBe('Votre session a expiré. Reconnectez-vous puis recommencez.');
    expect(passwordChangeErrorMessage({ status: 500 })).toBe('Échec de la modification du mot de passe. Veuillez réessayer.');
  });

  it('maps the e-mail change errors', () => {
    expect(emailChangeErrorMessage({ code: 'email_exists', status: 422 })).toBe('Cette adresse email est déjà utilisée par un autre compte.');
    expect(emailChangeErrorMessage({ code: 'validation_failed', status: 400 })).toBe('Adresse email invalide.');
    expect(emailChangeErrorMessage({ code: 'over_email_send_rate_limit', status: 429 })).toBe("Trop de demandes d'e-mail. Veuillez patienter quelques minutes avant de réessayer.");
    expect(emailChangeErrorMessage(null)).toBe("Échec du changement d'adresse. Veuillez réessayer.");
  });
});
