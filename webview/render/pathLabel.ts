// How a path an agent sent is labelled in the narrow side bar: by its last segments, since the start
// of an absolute path (/home/you/projects/...) says least about which file it is. Every label's
// tooltip has the whole path.

/** The last `keep` segments of `path` after "…/", or the path itself when it has no more. */
export function shortPath(path: string, keep = 3): string {
  const segments = path.split(/[\\/]/).filter((segment) => segment !== '');
  return segments.length > keep ? `…/${segments.slice(-keep).join('/')}` : path;
}
