/**
 * A git revision's files, for `diff --base REV`: read with `git ls-tree` and `git cat-file --batch`
 * into memory, never through a checkout nor into a folder: a crafted tree (a symbolic link, then a
 * file of the same name) must not make a write land anywhere. Nothing here makes git run a command
 * the repository's configuration names: ls-tree, cat-file, rev-parse, merge-base and symbolic-ref run
 * no hooks, no fsmonitor (it is also turned off), no diff drivers, textconv or filters (cat-file
 * without --filters/--textconv applies none), no pager; protocol.allow=never stops a partial
 * clone from fetching (and so from running credential helpers or ssh commands).
 */
import { execFileSync } from 'node:child_process';
import { UsageError } from './io';

/** Settings that keep git from running anything a repository's configuration names. */
const SAFE_CONFIG = ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '-c', 'protocol.allow=never', '--no-pager'];

/** What git may print for a command other than reading blobs (a tree listing of about a million entries). */
const LISTING_BYTES = 256 * 1024 * 1024;

/** Runs git in `cwd` and returns its standard output; a failure is a UsageError with git's first line. */
export function git(cwd: string, args: readonly string[], input?: string, maxBuffer = LISTING_BYTES): Buffer {
  try {
    return execFileSync('git', [...SAFE_CONFIG, ...args], {
      cwd,
      input,
      maxBuffer,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_PAGER: 'cat', GIT_EXTERNAL_DIFF: '' },
    });
  } catch (error) {
    const { stderr, code } = error as { stderr?: Buffer; code?: string };
    if (code === 'ENOENT') throw new UsageError('git is not installed: give OLD and NEW as files or folders instead');
    const said = stderr?.toString('utf8').trim().split('\n')[0] ?? String(error);
    throw new UsageError(`git ${args[0]}: ${said}`);
  }
}

/** The repository holding `cwd`: its top folder and `cwd`'s path inside it. */
export function repositoryOf(cwd: string): { top: string; prefix: string } {
  const [top, prefix] = git(cwd, ['rev-parse', '--show-toplevel', '--show-prefix']).toString('utf8').split('\n');
  if (!top) throw new UsageError('not in a git repository: give OLD and NEW as files or folders');
  return { top, prefix: prefix ?? '' };
}

/** The commit a revision names, checked. */
export function commitOf(cwd: string, revision: string): string {
  if (revision.startsWith('-')) throw new UsageError(`--base takes a revision, not '${revision}'`);
  return git(cwd, ['rev-parse', '--verify', '--end-of-options', `${revision}^{commit}`])
    .toString('utf8')
    .trim();
}

/** The default base: where HEAD left the default branch (origin/HEAD, else origin/main, origin/master, main, master). */
export function defaultBase(cwd: string): { revision: string; commit: string } {
  const candidates: string[] = [];
  try {
    candidates.push(git(cwd, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD']).toString('utf8').trim());
  } catch {
    // No origin/HEAD: try the usual names.
  }
  candidates.push('origin/main', 'origin/master', 'main', 'master');
  for (const branch of candidates) {
    let tip: string;
    try {
      tip = commitOf(cwd, branch);
    } catch {
      continue;
    }
    const commit = git(cwd, ['merge-base', tip, 'HEAD']).toString('utf8').trim();
    return { revision: `merge-base of ${branch} and HEAD`, commit };
  }
  throw new UsageError('no default branch found (origin/HEAD, main or master): name the base with --base REV');
}

/** An entry of a revision's tree; a submodule (a commit entry) is `other`: it holds nothing to read. */
export type TreeNode =
  | { readonly kind: 'file'; readonly object: string; /** NaN when git cannot tell (a missing object). */ readonly size: number }
  | { readonly kind: 'link'; readonly target: string }
  | { readonly kind: 'folder'; readonly names: readonly string[] }
  | { readonly kind: 'other' };

/** A revision's tree, held in memory, never written anywhere: its entries by path from the top ('' is the top). */
export interface RevisionTree {
  /** The revision as the user named it, for messages. */
  readonly label: string;
  readonly nodes: ReadonlyMap<string, TreeNode>;
  /** The bytes of blobs, read from git once each (the caller keeps to its size limits). */
  readBlobs(objects: readonly { readonly object: string; readonly size: number }[]): ReadonlyMap<string, Buffer>;
}

/** Linux's bound on a symbolic link's target (PATH_MAX less the NUL). */
const MAX_LINK_TARGET = 4095;

/** Blob bytes read by one `git cat-file --batch`, at most (a larger blob is read alone). */
const BATCH_BYTES = 16 * 1024 * 1024;

/**
 * Reads the tree of `commit` (names, modes and sizes, no contents) and the targets of its symbolic
 * links. A tree git would not check out is refused as a git problem: a name twice (a link and a
 * file, or a link and a folder, of one name), an entry named `.`, `..` or `.git`, a link to an
 * empty target, one holding NUL or longer than a path can be.
 */
export function readRevision(cwd: string, commit: string, label: string): RevisionTree {
  const refuse = (what: string): UsageError => new UsageError(`${label}: ${what}`);
  const listing = git(cwd, ['ls-tree', '-r', '-t', '-l', '-z', '--full-tree', commit]).toString('utf8');
  const folders = new Map<string, string[]>([['', []]]);
  const nodes = new Map<string, TreeNode>([['', { kind: 'folder', names: folders.get('')! }]]);
  const links: { path: string; object: string; size: number }[] = [];
  for (const entry of listing.split('\0')) {
    if (entry === '') continue;
    const fields = /^(?<mode>\d+) (?<type>\w+) (?<object>[0-9a-f]+) +(?<size>\S+)\t(?<path>.+)$/s.exec(entry)?.groups;
    if (!fields) throw refuse(`git ls-tree printed an entry balancer-lens cannot read: ${entry}`);
    const { mode, type, object = '', size, path = '' } = fields;
    const slash = path.lastIndexOf('/');
    const name = path.slice(slash + 1);
    if (name === '' || name === '.' || name === '..' || name.toLowerCase() === '.git')
      throw refuse(`the tree holds an entry named "${name}", which git does not check out`);
    if (nodes.has(path)) throw refuse(`the tree holds ${path} twice, which git does not check out (git fsck: duplicateEntries)`);
    const siblings = folders.get(slash < 0 ? '' : path.slice(0, slash));
    if (!siblings) throw refuse(`the tree holds ${path} outside any folder it lists`);
    siblings.push(name);
    if (type === 'tree') {
      const names: string[] = [];
      folders.set(path, names);
      nodes.set(path, { kind: 'folder', names });
    } else if (type !== 'blob') nodes.set(path, { kind: 'other' });
    else if (mode === '120000') {
      links.push({ path, object, size: Number(size) });
      nodes.set(path, { kind: 'other' });
    } else nodes.set(path, { kind: 'file', object, size: Number(size) });
  }
  const cache = new Map<string, Buffer>();
  const readBlobs = (objects: readonly { readonly object: string; readonly size: number }[]): ReadonlyMap<string, Buffer> => {
    const wanted = [...new Map(objects.filter((each) => !cache.has(each.object)).map((each) => [each.object, each])).values()];
    for (let first = 0; first < wanted.length;) {
      let last = first + 1;
      let bytes = wanted[first]!.size || 0;
      while (last < wanted.length && bytes + (wanted[last]!.size || 0) <= BATCH_BYTES) bytes += wanted[last++]!.size || 0;
      for (const [object, blob] of catBlobs(cwd, label, wanted.slice(first, last))) cache.set(object, blob);
      first = last;
    }
    return new Map(objects.map((each) => [each.object, cache.get(each.object)!]));
  };
  const tooLong = links.find((link) => !(link.size <= MAX_LINK_TARGET));
  if (tooLong) throw refuse(`${tooLong.path} is a symbolic link to an invalid target (longer than a path can be)`);
  const targets = readBlobs(links);
  for (const link of links) {
    const target = targets.get(link.object)!;
    if (target.length === 0) throw refuse(`${link.path} is a symbolic link to an empty target, which git does not check out`);
    if (target.includes(0)) throw refuse(`${link.path} is a symbolic link to an invalid target (it holds NUL)`);
    nodes.set(link.path, { kind: 'link', target: target.toString('utf8') });
  }
  return { label, nodes, readBlobs };
}

/**
 * One `git cat-file --batch` for a group of blobs: its output is at most their sizes and a header
 * each, so the read is bounded by what is asked, never by the repository.
 */
function catBlobs(cwd: string, label: string, blobs: readonly { readonly object: string; readonly size: number }[]): Map<string, Buffer> {
  const sizes = blobs.reduce((total, each) => total + (Number.isFinite(each.size) ? each.size : 0), 0);
  const output = git(cwd, ['cat-file', '--batch'], blobs.map((each) => `${each.object}\n`).join(''), sizes + blobs.length * 128);
  const read = new Map<string, Buffer>();
  let at = 0;
  for (const { object } of blobs) {
    const end = output.indexOf(0x0a, at);
    const header = output.subarray(at, end < 0 ? output.length : end).toString('utf8');
    const size = / blob (\d+)$/.exec(header)?.[1];
    if (end < 0 || size === undefined) throw new UsageError(`${label}: git cat-file: ${object} is not a blob git has (${header})`);
    read.set(object, output.subarray(end + 1, end + 1 + Number(size)));
    at = end + 1 + Number(size) + 1;
  }
  return read;
}
