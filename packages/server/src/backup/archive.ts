/**
 * The backup file: one POSIX tar (ustar) archive, written and read here without a dependency. Entries
 * are plain files; the first is `manifest.json`, which lists every other entry with its size and
 * SHA-256, so a reader can prove the whole file before it writes anything (docs/operations.md "Backups").
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';

const BLOCK = 512;
/** Bytes we read or copy at a time. */
const CHUNK = 1024 * 1024;

export class BadBackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadBackupError';
  }
}

const pad = (n: number) => (BLOCK - (n % BLOCK)) % BLOCK;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** A ustar header block for a regular file (names up to 100 bytes: ours are short). */
export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  const h = Buffer.alloc(BLOCK);
  const nameBytes = Buffer.from(name, 'utf8');
  if (nameBytes.length > 100) throw new Error(`entry name too long for the archive: ${name}`);
  if (size > 0o77777777777) throw new Error(`entry too large for the archive: ${name}`);
  nameBytes.copy(h, 0);
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii'); // the checksum field counts as spaces while summing
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where the entry's content starts in the archive. */
  offset: number;
}

const cString = (b: Buffer, start: number, len: number) => {
  const s = b.subarray(start, start + len);
  const end = s.indexOf(0);
  return s.subarray(0, end === -1 ? len : end).toString('utf8');
};

/** Parses one header block; null for an end-of-archive (all-zero) block; throws on anything else. */
export function parseHeader(h: Buffer, offset: number): TarEntry | null {
  if (h.every((b) => b === 0)) return null;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
  const stored = Number.parseInt(cString(h, 148, 8).trim(), 8);
  if (!h.subarray(257, 262).equals(Buffer.from('ustar')) || stored !== sum)
    throw new BadBackupError('is not a tar archive (or is corrupted)');
  const prefix = cString(h, 345, 155);
  const name = cString(h, 0, 100);
  const size = Number.parseInt(cString(h, 124, 12).trim() || '0', 8);
  return { name: prefix ? `${prefix}/${name}` : name, size, offset: offset + BLOCK };
}

/** Writes an archive entry by entry; `finish` adds the end-of-archive blocks and closes the file. */
export class TarWriter {
  private position = 0;
  private constructor(private readonly fh: FileHandle) {}

  static async create(path: string): Promise<TarWriter> {
    return new TarWriter(await open(path, 'wx'));
  }

  private async write(buf: Uint8Array) {
    await this.fh.write(buf, 0, buf.length, this.position);
    this.position += buf.length;
  }

  async addBuffer(name: string, body: Uint8Array): Promise<void> {
    await this.write(tarHeader(name, body.length));
    await this.write(body);
    await this.write(Buffer.alloc(pad(body.length)));
  }

  /** Copies a file of a known size (and hash, checked again while copying) into the archive. */
  async addFile(name: string, path: string, size: number, sha256: string): Promise<void> {
    await this.write(tarHeader(name, size));
    const hash = createHash('sha256');
    let copied = 0;
    for await (const chunk of createReadStream(path, { highWaterMark: CHUNK })) {
      hash.update(chunk as Buffer);
      copied += (chunk as Buffer).length;
      await this.write(chunk as Buffer);
    }
    if (copied !== size || hash.digest('hex') !== sha256)
      throw new Error(`${path} changed while the backup was being written`);
    await this.write(Buffer.alloc(pad(size)));
  }

  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    await this.fh.sync();
    await this.fh.close();
  }

  async abort(): Promise<void> {
    await this.fh.close().catch(() => {});
  }
}

/** Reads an archive's entries in order; each entry's content is read through `read`/`hash`/`copy`. */
export class TarReader {
  private constructor(
    private readonly fh: FileHandle,
    readonly size: number,
  ) {}

  static async open(path: string): Promise<TarReader> {
    const fh = await open(path, 'r');
    return new TarReader(fh, (await fh.stat()).size);
  }

  close() {
    return this.fh.close();
  }

  private async block(at: number): Promise<Buffer> {
    const buf = Buffer.alloc(BLOCK);
    const { bytesRead } = await this.fh.read(buf, 0, BLOCK, at);
    if (bytesRead < BLOCK) throw new BadBackupError('is truncated (it ends inside an entry)');
    return buf;
  }

  /** Every entry, in order, up to the end-of-archive marker (which must be there: else truncated). */
  async *entries(): AsyncGenerator<TarEntry> {
    let at = 0;
    for (;;) {
      if (at >= this.size)
        throw new BadBackupError(
          at === 0 ? 'is empty' : 'is truncated (the end-of-archive marker is missing)',
        );
      const entry = parseHeader(await this.block(at), at);
      if (!entry) return;
      if (entry.offset + entry.size > this.size)
        throw new BadBackupError('is truncated (it ends inside an entry)');
      yield entry;
      at = entry.offset + entry.size + pad(entry.size);
    }
  }

  async read(entry: TarEntry): Promise<Buffer> {
    const buf = Buffer.alloc(entry.size);
    await this.fh.read(buf, 0, entry.size, entry.offset);
    return buf;
  }

  /** The SHA-256 of an entry's content, reading it in chunks. */
  async sha256(entry: TarEntry): Promise<string> {
    const hash = createHash('sha256');
    const buf = Buffer.alloc(Math.min(CHUNK, Math.max(entry.size, 1)));
    for (let done = 0; done < entry.size; ) {
      const n = Math.min(buf.length, entry.size - done);
      const { bytesRead } = await this.fh.read(buf, 0, n, entry.offset + done);
      if (bytesRead !== n) throw new BadBackupError('is truncated (it ends inside an entry)');
      hash.update(buf.subarray(0, n));
      done += n;
    }
    return hash.digest('hex');
  }

  /** Copies an entry's content to a new file. */
  async copyTo(entry: TarEntry, path: string): Promise<void> {
    const out = await open(path, 'wx');
    try {
      const buf = Buffer.alloc(Math.min(CHUNK, Math.max(entry.size, 1)));
      for (let done = 0; done < entry.size; ) {
        const n = Math.min(buf.length, entry.size - done);
        await this.fh.read(buf, 0, n, entry.offset + done);
        await out.write(buf, 0, n);
        done += n;
      }
    } finally {
      await out.close();
    }
  }
}

/**
 * Keeps only the entries of an in-memory tar (PGlite's dump of its data folder) whose name `keep`
 * accepts, copying their header and data blocks as they are.
 */
export function filterTar(tar: Uint8Array, keep: (name: string) => boolean): Buffer {
  const src = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
  const parts: Buffer[] = [];
  let at = 0;
  while (at + BLOCK <= src.length) {
    const entry = parseHeader(src.subarray(at, at + BLOCK), at);
    if (!entry) break;
    const end = entry.offset + entry.size + pad(entry.size);
    if (keep(entry.name)) parts.push(src.subarray(at, end));
    at = end;
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}
