/**
 * A git revision's files, for `diff --base REV`: read with `git ls-tree` and `git cat-file --batch`
 * into a scratch folder, never through a checkout. Nothing here makes git run a command the
 * repository's configuration names: ls-tree, cat-file, rev-parse, merge-base and symbolic-ref run
 * no hooks, no fsmonitor (it is also turned off), no diff drivers, textconv or filters (cat-file
 * without --filters/--textconv applies none), no pager; protocol.allow=never stops a partial
 * clone from fetching (and so from running credential helpers or ssh commands).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { UsageError } from './io';

/** Settings that keep git from running anything a repository's configuration names. */
const SAFE_CONFIG = ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '-c', 'protocol.allow=never', '--no-pager'];

/** Runs git in `cwd` and returns its standard output; a failure is a UsageError with git's first line. */
export function git(cwd: string, args: readonly string[], input?: string): Buffer {
  try {
    return execFileSync('git', [...SAFE_CONFIG, ...args], {
      cwd,
      input,
      maxBuffer: 1024 * 1024 * 1024,
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

/**
 * Writes the files of `commit` into a new scratch folder and returns it (the caller removes it).
 * A blob larger than `maxBytes` is written as a sparse file of its size, so the reader reports it
 * as too large, as it would the real file. Paths that would leave the folder are refused.
 */
export function writeRevision(cwd: string, commit: string, maxBytes: number): string {
  const root = mkdtempSync(join(tmpdir(), 'balancer-lens-diff-'));
  const listing = git(cwd, ['ls-tree', '-r', '-l', '-z', '--full-tree', commit]).toString('utf8');
  const wanted: { path: string; object: string; isLink: boolean }[] = [];
  for (const entry of listing.split('\0')) {
    const match = /^(\d+) (\w+) ([0-9a-f]+) +(-|\d+)\t(.+)$/s.exec(entry);
    if (!match || match[2] !== 'blob') continue;
    const path = resolve(root, match[5]!);
    const inside = relative(root, path);
    if (inside.startsWith(`..${sep}`) || inside === '..' || inside.split(sep).includes('.git')) continue;
    const size = Number(match[4]);
    mkdirSync(dirname(path), { recursive: true });
    if (size > maxBytes) {
      writeFileSync(path, '');
      truncateSync(path, size);
    } else wanted.push({ path, object: match[3]!, isLink: match[1] === '120000' });
  }
  if (wanted.length === 0) return root;
  const batch = git(cwd, ['cat-file', '--batch'], wanted.map((each) => `${each.object}\n`).join(''));
  let at = 0;
  for (const each of wanted) {
    const header = batch.indexOf(0x0a, at);
    const size = Number(/ (\d+)$/.exec(batch.subarray(at, header).toString('utf8'))?.[1]);
    const content = batch.subarray(header + 1, header + 1 + size);
    at = header + 1 + size + 1;
    if (each.isLink) symlinkSync(content.toString('utf8'), each.path);
    else writeFileSync(each.path, content);
  }
  return root;
}
