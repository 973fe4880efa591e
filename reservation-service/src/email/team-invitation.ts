import { ofName } from '@tablee/domain/french';
import type { InvitationToSend } from '@tablee/domain/function-answers';
import { ROLE_LABELS, memberRole } from '@tablee/domain/team-roles';
import { escapeHtml } from '../lib/html';
import type { Mail } from './mailer';
import { button, emailLayout, factsTable, heading, paragraph, prose } from './layout';

/** The invitation page of the app: the token travels in the path, never stored (its sha256 is). */
export const invitationLink = (appUrl: string, token: string) => `${appUrl.replace(/\/+$/, '')}/invitation/${encodeURIComponent(token)}`;

const expiry = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/** What each role may do, as the invitee reads it. */
const ROLE_SCOPE = {
  owner: 'tout gérer, y compris la facturation, l’équipe et les clés de l’assistant',
  manager: 'répondre aux demandes de réservation, tenir le planning, lire les conversations et mettre à jour la fiche du restaurant (hors facturation)',
};

/**
 * The invitation into a restaurant's team: who invites, to do what, the link (valid seven days, once,
 * for this address only). From Tablée; Reply-To the owner who invited.
 */
export function invitationMail(invitationId: string, invitation: InvitationToSend, token: string, appUrl: string): Mail {
  const role = memberRole(invitation.role);
  const label = ROLE_LABELS[role];
  const name = invitation.restaurant_name;
  const link = invitationLink(appUrl, token);
  const who = invitation.invited_by ?? 'Le propriétaire du restaurant';
  const subject = `Invitation à rejoindre l’équipe ${ofName(name)} sur Tablée`;
  const intro = `${who} vous invite à rejoindre l’équipe ${ofName(name)} sur Tablée, en tant que ${label.toLowerCase()}.`;
  const scope = `En tant que ${label.toLowerCase()}, vous pourrez ${ROLE_SCOPE[role]}.`;
  const how = `Ouvrez le lien ci-dessous, puis créez votre compte avec l’adresse ${invitation.email} (ou connectez-vous si vous en avez déjà un).`;
  const validity = `Ce lien n’est valable qu’une fois, jusqu’au ${expiry(invitation.expires_at)}, et seulement pour l’adresse ${invitation.email}.`;
  const ignore = 'Si vous ne vous attendiez pas à cette invitation, ignorez simplement cet e-mail.';
  const facts: [string, string][] = [
    ['Restaurant', name],
    ['Rôle', label],
    ['Invité par', who],
  ];

  const text = ['Bonjour,', '', intro, scope, '', how, link, '', validity, '', ignore, '', 'L’équipe Tablée'].join('\n');
  const html = emailLayout(
    [
      heading(`Rejoignez l’équipe ${ofName(name)}`),
      paragraph('Bonjour,'),
      paragraph(prose(intro)),
      factsTable(facts),
      paragraph(prose(scope), 'margin-top:16px'),
      paragraph(prose(how)),
      `<div style="margin:20px 0 8px">${button(link, 'Rejoindre l’équipe')}</div>`,
      paragraph(`<span style="color:#595959;font-size:13px">${prose(validity)}</span>`),
      paragraph(
        `<span style="color:#595959;font-size:13px">Le bouton ne fonctionne pas ? Copiez ce lien dans votre navigateur&nbsp;: <span style="word-break:break-all">${escapeHtml(link)}</span></span>`,
      ),
      paragraph(prose(ignore), 'margin-top:20px'),
      paragraph('L’équipe Tablée', 'margin-top:20px'),
    ].join('\n'),
    { title: subject, from: 'Tablée', preheader: intro },
  );
  return {
    to: invitation.email,
    fromName: 'Tablée',
    replyTo: invitation.invited_by ?? undefined,
    subject,
    text,
    html, // The tag names the invitation, never its token.
    tag: `invitation-${invitationId}`,
  };
}
