/**
 * Uploads (POST /files): images only, recognised by their bytes, never by the name or the type the
 * browser claims. JPEG and PNG are accepted ('Please upload only .jpg, .jpeg, .png type files.'); a file
 * that starts like one but is not a whole image is 'Invalid image input.'. Stored under a random name.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '@domain-broker/shared/errors';
import type { FileStore, StoredFile } from './store.ts';

/** 2 MB: the route's own body limit (product decision B3); the rest of the API takes 64 KB. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** Where a stored file is served; the profile's `image` keeps this path. */
export const FILES_PATH = '/api/files';
/** Names the service gives: 32 hex characters and the type's extension. */
export const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg)$/;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export type ImageKind = 'png' | 'jpg';

const startsWith = (bytes: Uint8Array, prefix: number[]) =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** The image kind its first bytes claim, or null for anything else (SVG, GIF, executables, text). */
export function claimedImageKind(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  return null;
}

const u32 = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

/** A PNG's first chunk is IHDR with a width and height above 0. */
function isWholePng(b: Uint8Array): boolean {
  if (b.length < 33) return false;
  const ihdr = String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!);
  return u32(b, 8) === 13 && ihdr === 'IHDR' && u32(b, 16) > 0 && u32(b, 20) > 0;
}

/** A JPEG has a frame header (SOFn) with a height and width above 0 among its first segments. */
function isWholeJpeg(b: Uint8Array): boolean {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return false;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = (b[at + 2]! << 8) | b[at + 3]!;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (at + 9 > b.length) return false;
      const height = (b[at + 5]! << 8) | b[at + 6]!;
      const width = (b[at + 7]! << 8) | b[at + 8]!;
      return height > 0 && width > 0;
    }
    if (marker === 0xda || length < 2) return false; // image data before any frame header
    at += 2 + length;
  }
  return false;
}

/** The kind of a whole JPEG or PNG; throws the catalogue's error for anything else. */
export function imageKindOf(bytes: Uint8Array): ImageKind {
  const kind = claimedImageKind(bytes);
  if (!kind) throw new AppError('FILE_TYPE_NOT_ALLOWED');
  if (!(kind === 'png' ? isWholePng(bytes) : isWholeJpeg(bytes))) throw new AppError('INVALID_IMAGE');
  return kind;
}

export interface UploadedFile {
  filename: string;
  url: string;
  contentType: string;
  size: number;
}

/** Checks the image and stores it under a new random name. */
export async function storeImage(store: FileStore, bytes: Uint8Array): Promise<UploadedFile> {
  if (bytes.length === 0) throw new AppError('INVALID_IMAGE');
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError('INPUT_TOO_LONG');
  const kind = imageKindOf(bytes);
  const filename = `${randomBytes(16).toString('hex')}.${kind}`;
  const contentType = kind === 'png' ? 'image/png' : 'image/jpeg';
  await store.put(filename, bytes, contentType);
  return { filename, url: `${FILES_PATH}/${filename}`, contentType, size: bytes.length };
}

/** A stored upload; NOT_FOUND for a name the service never gives out, or one with no file. */
export async function storedFile(store: FileStore, name: string): Promise<StoredFile> {
  const file = STORED_NAME.test(name) ? await store.get(name) : null;
  if (!file) throw new AppError('NOT_FOUND');
  return file;
}
