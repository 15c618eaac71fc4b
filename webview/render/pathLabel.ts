// How a path an agent sent is labelled in the narrow side bar. Inside a workspace folder: relative
// to it ("src/app.ts"; with several folders, the folder's name first, as VS Code's asRelativePath
// does), which is how the user knows the file. Elsewhere: by its last segments, since the start of
// an absolute path (/home/you/projects/...) says least about which file it is. Every label's tooltip
// has the whole path.
import type { WorkspaceFolderRef } from '../../src/shared/messages';

/** The last `keep` segments of `path` after "…/", or the path itself when it has no more. */
export function shortPath(path: string, keep = 3): string {
  const segments = path.split(/[\\/]/).filter((segment) => segment !== '');
  return segments.length > keep ? `…/${segments.slice(-keep).join('/')}` : path;
}

const NO_FOLDERS: readonly WorkspaceFolderRef[] = [];

interface Folder {
  name: string;
  /** The folder's path with "/" separators and no trailing one; lower case on Windows. */
  key: string;
  windows: boolean;
}

/** Labels paths relative to the window's workspace folders (the host sends them: `workspaceFolders`). */
export class PathLabels {
  private folders: Folder[] = [];
  private given: readonly WorkspaceFolderRef[] = NO_FOLDERS;

  /** Takes the folders; says whether they differ from the ones labels were made with. */
  set(folders: readonly WorkspaceFolderRef[] | undefined): boolean {
    // Called on every frame: the same list (or none yet, the same empty one) costs one comparison.
    const list = Array.isArray(folders) ? folders : NO_FOLDERS;
    if (list === this.given) return false;
    const before = this.folders.map((f) => `${f.name}\0${f.key}`).join('\n');
    this.given = list;
    this.folders = list
      .filter((f) => typeof f?.path === 'string' && typeof f.name === 'string' && f.path !== '')
      .map((f) => {
        const windows = /^[a-z]:[\\/]/i.test(f.path);
        const key = f.path.replace(/\\/g, '/').replace(/\/+$/, '');
        return { name: f.name, key: windows ? key.toLowerCase() : key, windows };
      })
      // The innermost folder wins when folders nest.
      .sort((a, b) => b.key.length - a.key.length);
    return this.folders.map((f) => `${f.name}\0${f.key}`).join('\n') !== before;
  }

  /** `path` relative to the workspace folder holding it ("" for the folder itself), or null. */
  relative(path: string): string | null {
    const found = this.find(path);
    return found && this.withName(found.folder, found.rest);
  }

  /** A path's label: relative inside a workspace folder (the folder itself by its name), else its last `keep` segments. */
  label(path: string, keep = 3): string {
    const found = this.find(path);
    if (!found) return shortPath(path, keep);
    return found.rest === '' ? found.folder.name : this.withName(found.folder, found.rest);
  }

  private find(path: string): { folder: Folder; rest: string } | null {
    const slashed = path.replace(/\\/g, '/');
    for (const folder of this.folders) {
      const key = folder.windows ? slashed.toLowerCase() : slashed;
      if (key === folder.key) return { folder, rest: '' };
      if (key.startsWith(`${folder.key}/`)) return { folder, rest: slashed.slice(folder.key.length + 1) };
    }
    return null;
  }

  private withName(folder: Folder, rest: string): string {
    if (this.folders.length < 2) return rest;
    return rest === '' ? folder.name : `${folder.name}/${rest}`;
  }
}
