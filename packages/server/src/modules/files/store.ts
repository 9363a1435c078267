/**
 * Where uploaded files live. The disk store keeps them under DATA_DIR/uploads; a bucket store (any
 * S3-compatible service) implements the same three calls, so the routes and the service do not change
 * when one is configured. Names are chosen by the service (random, with the type's extension).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export interface StoredFile {
  body: Uint8Array;
  contentType: string;
}

export interface FileStore {
  /** Stores the bytes under `name` (never overwrites: names are random). */
  put(name: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none by that name. */
  get(name: string): Promise<StoredFile | null>;
}

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };

/** The content type of a stored name, from the extension the service gave it. */
export function contentTypeOf(name: string): string {
  return TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** Files in a folder on this machine (one process, or several sharing the folder). */
export function createDiskFileStore(dir: string): FileStore {
  const root = resolve(dir);
  let made: Promise<unknown> | null = null;
  return {
    async put(name, body) {
      made ??= mkdir(root, { recursive: true });
      await made;
      // written beside, then renamed: a reader never sees half a file
      const tmp = join(root, `.${name}.tmp`);
      await writeFile(tmp, body, { flag: 'wx' });
      await rename(tmp, join(root, name));
    },
    async get(name) {
      try {
        return { body: new Uint8Array(await readFile(join(root, name))), contentType: contentTypeOf(name) };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
  };
}

/** Files in memory (tests). */
export function createMemoryFileStore(): FileStore & { files: Map<string, StoredFile> } {
  const files = new Map<string, StoredFile>();
  return {
    files,
    async put(name, body, contentType) {
      files.set(name, { body, contentType });
    },
    async get(name) {
      return files.get(name) ?? null;
    },
  };
}
