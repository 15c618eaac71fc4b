// Finds programs on a PATH the way a shell would, without running anything: the first PATH folder that holds
// an executable regular file of that name wins (Windows: the name with each PATHEXT extension, in PATHEXT
// order, case-insensitively). Links are followed to the file they lead to. The work is bounded: at most
// MAX_PATH_ENTRIES folders, each listed once (at most MAX_NAMES_PER_FOLDER names read; past that the folder is
// asked name by name), no recursion. Relative PATH entries (`.`, `node_modules/.bin`, an empty entry) are
// skipped: they name the current folder, which may be a cloned repository's, and nothing there is offered.
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface PathHit {
  /** The file's name as found in its folder (`gemini`, `gemini.cmd`). */
  name: string;
  /** Where it was found: its PATH folder joined with its name. */
  path: string;
  /** The file it is, links followed. */
  realPath: string;
}

export interface PathLookup {
  /** The first program of that plain name on PATH, or undefined. */
  find(name: string): Promise<PathHit | undefined>;
  /** The real path of a command as a user writes it: a plain name is looked up on PATH, an absolute path taken. */
  resolve(command: string): Promise<string | undefined>;
  /** The first bytes of a regular file as text ('' when it cannot be read): shims name what they start. */
  head(file: string): Promise<string>;
}

export interface PathLookupOptions {
  /** The PATH value. */
  path: string;
  /** Whose rules apply (PATH delimiter, PATHEXT, case, the executable bit); files are read on this machine. */
  platform?: NodeJS.Platform;
  /** Windows: the PATHEXT value (default `.COM;.EXE;.BAT;.CMD`). */
  pathext?: string;
  /** A folder with more names than this is asked name by name instead of listed (default MAX_NAMES_PER_FOLDER). */
  maxNamesPerFolder?: number;
}

export const MAX_PATH_ENTRIES = 64;
export const MAX_NAMES_PER_FOLDER = 20_000;
const MAX_EXTENSIONS = 16;
const HEAD_BYTES = 4096;
const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';

interface Listing {
  /** File names by their lookup key (lower case on Windows); undefined when the folder had too many to list. */
  names: Map<string, string> | undefined;
}

export function createPathLookup(options: PathLookupOptions): PathLookup {
  return new ShellPathLookup(options);
}

class ShellPathLookup implements PathLookup {
  private readonly windows: boolean;
  private readonly folders: string[];
  private readonly extensions: string[];
  private readonly maxNames: number;
  private readonly listings = new Map<string, Promise<Listing>>();
  private readonly loaded = new Map<string, Listing>();
  private readonly found = new Map<string, Promise<PathHit | undefined>>();

  constructor(options: PathLookupOptions) {
    this.windows = (options.platform ?? process.platform) === 'win32';
    this.folders = pathFolders(options.path, this.windows);
    this.extensions = this.windows ? pathExtensions(options.pathext ?? DEFAULT_PATHEXT) : [];
    this.maxNames = options.maxNamesPerFolder ?? MAX_NAMES_PER_FOLDER;
  }

  find(name: string): Promise<PathHit | undefined> {
    if (!isPlainName(name)) return Promise.resolve(undefined);
    const key = this.key(name);
    let hit = this.found.get(key);
    if (!hit) {
      hit = this.search(name);
      this.found.set(key, hit);
    }
    return hit;
  }

  async resolve(command: string): Promise<string | undefined> {
    if (isPlainName(command)) return (await this.find(command))?.realPath;
    if (!path.isAbsolute(command)) return undefined;
    return (await this.program(command))?.realPath;
  }

  async head(file: string): Promise<string> {
    // O_NONBLOCK: were the file swapped for a FIFO since it was checked, the open must not wait for a writer.
    const flags = fs.constants.O_RDONLY | (this.windows ? 0 : (fs.constants.O_NONBLOCK ?? 0));
    let handle: fs.promises.FileHandle | undefined;
    try {
      handle = await fs.promises.open(file, flags);
      if (!(await handle.stat()).isFile()) return '';
      const buffer = Buffer.alloc(HEAD_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
      return buffer.subarray(0, bytesRead).toString('utf8');
    } catch {
      return '';
    } finally {
      await handle?.close().catch(() => undefined);
    }
  }

  private async search(name: string): Promise<PathHit | undefined> {
    const candidates = this.candidates(name);
    // One folder after the other, as a shell does: the first folder with a match wins.
    for (const folder of this.folders) {
      // A listing read before is used as it is: no await per folder (a detection asks for hundreds of names).
      const listing = this.loaded.get(folder) ?? (await this.listing(folder));
      for (const candidate of candidates) {
        const actual = listing.names ? listing.names.get(this.key(candidate)) : candidate;
        if (actual === undefined) continue;
        const hit = await this.program(path.join(folder, actual));
        if (hit) return { name: actual, ...hit };
      }
    }
    return undefined;
  }

  /** The file names a program name stands for: itself, or on Windows itself with each PATHEXT extension. */
  private candidates(name: string): string[] {
    if (!this.windows) return [name];
    const extension = path.extname(name).toUpperCase();
    if (extension && this.extensions.includes(extension)) return [name];
    return this.extensions.map((ext) => name + ext.toLowerCase());
  }

  /** The file when it is a regular file this user may run (links followed), else undefined. */
  private async program(file: string): Promise<{ path: string; realPath: string } | undefined> {
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) return undefined;
      if (this.windows) {
        // Windows has no executable bit: a file runs by its extension.
        if (!this.extensions.includes(path.extname(file).toUpperCase())) return undefined;
      } else {
        await fs.promises.access(file, fs.constants.X_OK);
      }
      return { path: file, realPath: await fs.promises.realpath(file) };
    } catch {
      return undefined;
    }
  }

  private listing(folder: string): Promise<Listing> {
    let listing = this.listings.get(folder);
    if (!listing) {
      listing = this.list(folder);
      this.listings.set(folder, listing);
      void listing.then((done) => this.loaded.set(folder, done));
    }
    return listing;
  }

  private async list(folder: string): Promise<Listing> {
    const names = new Map<string, string>();
    let dir: fs.Dir | undefined;
    try {
      dir = await fs.promises.opendir(folder);
      for (let entry = await dir.read(); entry !== null; entry = await dir.read()) {
        if (names.size >= this.maxNames) return { names: undefined };
        if (entry.isDirectory()) continue;
        const key = this.key(entry.name);
        if (!names.has(key)) names.set(key, entry.name);
      }
    } catch {
      // A folder that is missing or unreadable holds nothing.
    } finally {
      await dir?.close().catch(() => undefined);
    }
    return { names };
  }

  private key(name: string): string {
    return this.windows ? name.toLowerCase() : name;
  }
}

/** PATH's absolute folders in order, each once, at most MAX_PATH_ENTRIES of them. */
export function pathFolders(value: string, windows: boolean): string[] {
  const seen = new Set<string>();
  const folders: string[] = [];
  for (const raw of value.split(windows ? ';' : ':')) {
    // Windows PATH entries may be quoted ("C:\Program Files\nodejs").
    const folder = windows ? raw.trim().replace(/^"(.*)"$/, '$1') : raw;
    if (folder === '' || !(path.isAbsolute(folder) || (windows && path.win32.isAbsolute(folder)))) continue;
    if (windows && /^(\\\\|\/\/)/.test(folder)) continue; // A network share: a lookup could hang on it.
    const key = windows ? folder.toLowerCase().replace(/[\\/]+$/, '') : folder.replace(/\/+$/, '');
    if (seen.has(key)) continue;
    seen.add(key);
    folders.push(folder);
    if (folders.length === MAX_PATH_ENTRIES) break;
  }
  return folders;
}

/** PATHEXT's extensions, upper case, each once. */
function pathExtensions(value: string): string[] {
  const extensions = value
    .split(';')
    .map((ext) => ext.trim().toUpperCase())
    .filter((ext) => /^\.[A-Z0-9_]{1,8}$/.test(ext));
  return [...new Set(extensions)].slice(0, MAX_EXTENSIONS);
}

/** A program name without any path in it. */
function isPlainName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !/[\\/\0]/.test(name) && name.length <= 255;
}
