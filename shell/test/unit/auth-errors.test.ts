import { AuthApiError } from '@supabase/supabase-js';
import { signInErrorMessage, signUpErrorMessage } from '../../src/features/auth/api/authErrors';

/** Error objects as supabase-js builds them from Supabase Auth's answers (code, status, message). */
const apiError = (message: string, status: number, code: string) => new AuthApiError(message, status, code);

describe('sign-in error catalogue (spec §8)', () => {
  it.each([
    [apiError('Invalid login credentials', 400, 'invalid_credentials'), 'Email ou mot de passe incorrect.'],
    [apiError('Email not confirmed', 400, 'email_not_confirmed'), 'Veuillez confirmer votre email avant de vous connecter.'],
    [apiError('Request rate limit reached', 429, 'over_request_rate_limit'), 'Trop de tentatives. Veuillez patienter quelques minutes.'],
    [apiError('Too many', 429, ''), 'Trop de tentatives. Veuillez patienter quelques minutes.'],
    [apiError('Database error querying schema', 500, 'unexpected_failure'), 'Erreur: Database error querying schema'],
    [null, 'Échec de la connexion. Veuillez vérifier vos identifiants.'],
    [{}, 'Échec de la connexion. Veuillez vérifier vos identifiants.'],
  ])('%#: %s', (error, message) => {
    expect(signInErrorMessage(error)).toBe(message);
  });
});

describe('sign-up error catalogue (spec §8)', () => {
  it.each([
    [apiError('User already registered', 422, 'user_already_exists'), 'Un compte existe déjà avec cette adresse email.'],
    [apiError('Password should be at least 6 characters.', 422, 'weak_password'), 'Le mot de passe doit contenir au moins 6 caractères.'],
    [apiError('Unable to validate email address: invalid format', 400, 'validation_failed'), 'Adresse email invalide.'],
    [apiError('Password cannot be longer than 72 characters', 400, 'validation_failed'), 'Le mot de passe ne doit pas dépasser 72 caractères (une lettre accentuée compte pour deux).'],
    [apiError('Request rate limit reached', 429, 'over_request_rate_limit'), 'Trop de tentatives. Veuillez patienter quelques minutes.'],
    [apiError('Signups not allowed for this instance', 422, 'signup_disabled'), "L'inscription est temporairement désactivée."],
    [apiError('Something else', 422, 'other_422'), 'Erreur de validation (422): Something else'],
    [apiError('boom', 500, 'unexpected_failure'), "Échec de l'inscription. Veuillez réessayer."],
    [new Error('network'), "Échec de l'inscription. Veuillez réessayer."],
  ])('%#: %s', (error, message) => {
    expect(signUpErrorMessage(error)).toBe(message);
  });
});
