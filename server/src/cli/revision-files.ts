/**
 * A git revision's tree as the files `diff --base REV` reads: laid over the repository's own folder
 * (its `conf/site.conf` is read at TOP/conf/site.conf), so paths, `Include` and `--server-root` mean
 * what they mean in the working tree, and nothing is written. Symbolic links are followed within
 * the tree; one that leaves the repository leads to the disk, where the include roots apply as for
 * any file.
 */
import { posix } from 'node:path';
import type { FileAccess } from '../core/syntax/includes';
import { isInside } from '../node/files';
import { decodeInput, tooLarge } from './io';
import { configurationPicker, PickOptions } from '../node/walk';
import type { RevisionTree, TreeNode } from './git-tree';

/** Linux's bound on symbolic links followed in resolving one path. */
const MAX_SYMLINKS = 40;

/** Where a path leads: an entry of the tree (or none) at its path with every link followed, or a path outside the repository. */
export type Located =
  | { readonly kind: 'inside'; readonly path: string; readonly node: TreeNode | undefined }
  | { readonly kind: 'outside'; readonly path: string };

/** A revision laid over the repository's folder `top` (an absolute, real path). */
export interface RevisionFiles {
  readonly tree: RevisionTree;
  readonly top: string;
}

/** Where `path` (absolute) leads in the revision, links followed as the kernel would (at most 40 of them). */
export function locate({ tree, top }: RevisionFiles, path: string): Located {
  let current = posix.resolve(path);
  for (let hops = 0; hops <= MAX_SYMLINKS; hops++) {
    if (!isInside(current, [top])) return { kind: 'outside', path: current };
    const names = current === top ? [] : current.slice(top.length + 1).split('/');
    let node = tree.nodes.get('');
    let followed: string | undefined;
    for (let at = 0; at < names.length; at++) {
      if (node?.kind !== 'folder') return { kind: 'inside', path: current, node: undefined };
      node = tree.nodes.get(names.slice(0, at + 1).join('/'));
      if (node?.kind === 'link') {
        followed = posix.resolve(posix.join(top, ...names.slice(0, at)), node.target, ...names.slice(at + 1));
        break;
      }
    }
    if (followed === undefined) return { kind: 'inside', path: current, node };
    current = followed;
  }
  return { kind: 'inside', path: current, node: undefined };
}

/** What the revision's files are read with: the size limit, the include roots, and the disk beyond the repository. */
export interface RevisionAccessOptions {
  readonly maxBytes: number;
  /** Real paths (or paths of the revision) Include may read from. */
  readonly roots: readonly string[];
  /** Reads what lies outside the repository (with the same roots). */
  readonly disk: FileAccess;
}

/** The revision as the core's FileAccess: read like the disk, never leaving the roots, a blob over the limit only measured. */
export function revisionAccess(files: RevisionFiles, options: RevisionAccessOptions): FileAccess {
  return {
    readFile(path) {
      const found = locate(files, path);
      if (found.kind === 'outside') return options.disk.readFile(found.path);
      if (!isInside(found.path, options.roots)) return { roots: options.roots };
      if (found.node?.kind !== 'file') return undefined;
      if (found.node.size > options.maxBytes) return { bytes: found.node.size, limit: options.maxBytes };
      const read = decodeInput(blobOf(files, found.node));
      return read.isBinary ? undefined : read.text;
    },
    readDirectory(path) {
      const found = locate(files, path);
      if (found.kind === 'outside') return options.disk.readDirectory(found.path);
      if (!isInside(found.path, options.roots)) return { roots: options.roots };
      return found.node?.kind === 'folder' ? found.node.names : undefined;
    },
  };
}

/** A file the paths select: where it was found (links not followed), and where it leads. */
export interface RevisionFile {
  readonly path: string;
  readonly key: string;
  readonly node: TreeNode & { readonly kind: 'file' };
}

/**
 * The configuration files `args` select in the revision, as `lint` would pick them in a working
 * tree that held it: a file given is read, a folder is walked (never into dot-folders or
 * node_modules, a link only when it leads inside the folder walked, each folder once), and each
 * file found is picked by the working tree's settings. A path the revision does not have selects
 * nothing. The blobs picked (within `maxBytes`) are read from git together.
 */
export function selectRevisionFiles(
  files: RevisionFiles,
  root: string,
  args: readonly string[],
  options: Pick<PickOptions, 'extensions' | 'configFor'>,
  maxBytes: number,
): RevisionFile[] {
  const selected = new Map<string, RevisionFile>();
  const add = (path: string, found: Located): void => {
    if (found.kind === 'inside' && found.node?.kind === 'file' && !selected.has(found.path))
      selected.set(found.path, { path, key: found.path, node: found.node });
  };
  for (const arg of args) {
    const path = posix.resolve(root, arg);
    const found = locate(files, path);
    if (found.kind === 'inside' && found.node?.kind === 'folder') {
      const isPicked = configurationPicker(path, options);
      for (const [file, leads] of walk(files, path, found)) if (isPicked(file)) add(file, leads);
    } else add(path, found);
  }
  const picked = [...selected.values()];
  files.tree.readBlobs(picked.map((file) => file.node).filter((node) => !(node.size > maxBytes)));
  return picked;
}

/** The files under a folder of the revision, sorted, each with where it leads. */
function walk(files: RevisionFiles, folder: string, located: Located): [string, Located][] {
  const found: [string, Located][] = [];
  const visited = new Set([located.path]);
  const visit = (directory: string, node: TreeNode & { kind: 'folder' }): void => {
    for (const name of [...node.names].sort()) {
      const path = `${directory}/${name}`;
      const leads = locate(files, path);
      if (leads.kind === 'outside' || !leads.node || !isInside(leads.path, [located.path])) continue;
      if (leads.node.kind === 'file') found.push([path, leads]);
      else if (leads.node.kind === 'folder' && !visited.has(leads.path) && !name.startsWith('.') && name !== 'node_modules') {
        visited.add(leads.path);
        visit(path, leads.node);
      }
    }
  };
  if (located.kind === 'inside' && located.node?.kind === 'folder') visit(folder, located.node);
  return found.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A selected file's text, or the error the real file would give: over the limit, it is measured, not read. */
export function readRevisionFile(files: RevisionFiles, file: RevisionFile, shown: string, maxBytes: number): string {
  if (file.node.size > maxBytes) throw tooLarge(file.node.size, shown, maxBytes);
  return decodeInput(blobOf(files, file.node)).text;
}

function blobOf(files: RevisionFiles, node: TreeNode & { kind: 'file' }): Buffer {
  return files.tree.readBlobs([node]).get(node.object)!;
}
