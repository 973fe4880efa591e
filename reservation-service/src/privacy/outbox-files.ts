import fs from 'node:fs/promises';
import path from 'node:path';

/** Whose files to delete: what erase_customer and run_privacy_retention answer. */
export interface OutboxPeople {
  /** The reservations' numbers (TBL-…): the files about them are named <time>-<numero>-<tag>-<random>.eml/.json. */
  reservationNumbers: readonly string[];
  /** The addresses and numbers their messages went to: in a file's content (To: of an .eml, "to" of a WhatsApp .json). */
  recipients: readonly string[];
  /** Messages of conversations deleted (retention): their WhatsApp replies' files are named <time>-reponse-<message id>-<random>.json. */
  messageIds?: readonly string[];
}

export interface DeletedOutboxFiles {
  /** Files deleted. */
  deleted: number;
  /** Files that matched but could not be read or deleted (logged by the caller; tried again by nothing). */
  failed: string[];
}

/** A recipient shorter than this would match files by chance (a stray digit); no real address or number is. */
const MIN_RECIPIENT_LENGTH = 6;
/** Files read side by side. */
const PARALLEL = 16;

/**
 * Deletes from the outbox folder (OUTBOX_DIR: where the mailer writes each e-mail as an .eml and the WhatsApp
 * sender each message as a .json when no SMTP server or WhatsApp account is set) the files of people erased:
 * those whose name holds one of `reservationNumbers` (the mailer's and the sender's tags start with it:
 * <time>-<numero>-<tag>-<random>), and those whose content names one of `recipients` (case-insensitive; an
 * .eml's quoted-printable soft line breaks undone first), such as the WhatsApp replies to a conversation;
 * and the replies of `messageIds` by their name (<time>-reponse-<message id>-<random>.json: an old conversation
 * deleted by retention names no one else). Only the folder's own .eml and .json files; none there (or no folder): 0.
 */
export async function deleteOutboxFiles(outboxDir: string, people: OutboxPeople): Promise<DeletedOutboxFiles> {
  const numbers = [...new Set(people.reservationNumbers.filter((n) => n.length > 0))];
  const replies = [...new Set((people.messageIds ?? []).filter((id) => id.length > 0))];
  const recipients = [...new Set(people.recipients.map((r) => r.trim().toLowerCase()).filter((r) => r.length >= MIN_RECIPIENT_LENGTH))];
  const result: DeletedOutboxFiles = { deleted: 0, failed: [] };
  if (numbers.length === 0 && recipients.length === 0 && replies.length === 0) return result;
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(outboxDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw error;
  }
  const patterns = recipients.map(recipientPattern);
  const files = entries.filter((e) => e.isFile() && /\.(eml|json)$/.test(e.name)).map((e) => e.name);

  async function consider(name: string): Promise<void> {
    const file = path.join(outboxDir, name);
    try {
      let theirs = numbers.some((numero) => name.includes(`-${numero}-`)) || replies.some((id) => name.includes(`-reponse-${id}-`));
      if (!theirs && recipients.length > 0) {
        const content = (await fs.readFile(file, 'utf8')).replace(/=\r?\n/g, '').toLowerCase();
        theirs = patterns.some((pattern) => pattern.test(content));
      }
      if (!theirs) return;
      await fs.unlink(file);
      result.deleted += 1;
    } catch (error) {
      // Gone meanwhile (another instance, another erasure): nothing left to delete.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      result.failed.push(name);
    }
  }
  for (let i = 0; i < files.length; i += PARALLEL) await Promise.all(files.slice(i, i + PARALLEL).map(consider));
  return result;
}

/**
 * A recipient as a whole word of a file: 'jean@exemple.fr' not inside 'marie.jean@exemple.fr' nor
 * 'jean@exemple.fr.com'; '+33612345678' (or a WhatsApp id, its digits) not inside a longer number.
 */
function recipientPattern(recipient: string): RegExp {
  const escaped = recipient.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return /^[+0-9]/.test(recipient) ? new RegExp(`(?<![0-9])${escaped}(?![0-9])`) : new RegExp(`(?<![a-z0-9._%+-])${escaped}(?![a-z0-9_-]|\\.[a-z0-9])`);
}
