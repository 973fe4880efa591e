/** Photo rules of spec §4, §5, §8, §9: validation (size, type, first bytes), storage path, banner texts. */
import { PHOTO_ALLOWED_EXTENSIONS, PHOTO_ALLOWED_MIME_TYPES, PHOTO_MAX_SIZE_BYTES } from '@tablee/domain';

export type PhotoMimeType = (typeof PHOTO_ALLOWED_MIME_TYPES)[number];

const MAX_SIZE = `${PHOTO_MAX_SIZE_BYTES / (1024 * 1024)}MB`;

export const PHOTO_TOO_LARGE_MESSAGE = `Le fichier est trop volumineux. Taille maximale: ${MAX_SIZE}`;
export const PHOTO_TYPE_MESSAGE = `Type de fichier non autorisé. Types acceptés: ${PHOTO_ALLOWED_EXTENSIONS.join(', ')}`;
export const PHOTO_UPLOAD_HINT = `PNG, JPG, GIF, WebP jusqu'à ${MAX_SIZE}`;
export const PHOTO_LOAD_ERROR = 'Erreur lors du chargement des photos';
export const UNKNOWN_ERROR = 'Erreur inconnue';

export const uploadFileError = (file: string, reason?: string) => `Erreur lors de l'upload de ${file}: ${reason || UNKNOWN_ERROR}`;
export const uploadError = (reason?: string) => `Erreur lors de l'upload: ${reason || UNKNOWN_ERROR}`;
export const deleteError = (reason?: string) => `Erreur lors de la suppression: ${reason || UNKNOWN_ERROR}`;

/** The image type told by the first bytes (same four signatures as the storage server's sniff.ts). */
export function sniffImageType(bytes: Uint8Array): PhotoMimeType | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && pngSignature.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(0, 6))) return 'image/gif';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

async function firstBytes(file: Blob, count: number): Promise<Uint8Array> {
  const head = file.slice(0, count);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  // Older Blob implementations (jsdom) only offer FileReader.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(head);
  });
}

export type PhotoCheck = { ok: true; mimeType: PhotoMimeType; extension: string } | { ok: false; message: string };

/**
 * Size first, then type: the declared type or extension must be an allowed one AND the first bytes
 * must be that kind of image (a .txt renamed .png is refused). The stored type is the sniffed one.
 */
export async function checkPhotoFile(file: File): Promise<PhotoCheck> {
  if (file.size > PHOTO_MAX_SIZE_BYTES) return { ok: false, message: PHOTO_TOO_LARGE_MESSAGE };
  const declaredOk = (PHOTO_ALLOWED_MIME_TYPES as readonly string[]).includes(file.type) || (PHOTO_ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  const sniffed = declaredOk ? sniffImageType(await firstBytes(file, 12)) : undefined;
  if (!sniffed) return { ok: false, message: PHOTO_TYPE_MESSAGE };
  return { ok: true, mimeType: sniffed, extension: sniffed === 'image/jpeg' ? 'jpg' : sniffed.slice('image/'.length) };
}

/** '{restaurantId}/{timestamp}-{random}.{ext}' (ARCHITECTURE.md, Data). */
export function photoStoragePath(restaurantId: string, extension: string, now: number = Date.now(), random: string = Math.random().toString(36).slice(2, 10)): string {
  return `${restaurantId}/${now}-${random}.${extension}`;
}
