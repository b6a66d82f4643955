/**
 * `Include` and `IncludeOptional` while a configuration is read (docs/apache-semantics.md,
 * include_config): each file the argument names is read in turn as a file of its own, sharing the
 * read-time state, with Apache's refusals and the limits of what may be read reported on the line.
 * Which files a pattern names is ./includes.
 */
import { quoted } from '../bounded';
import { thousands } from '../thousands';
import { IncludeLimit, isOutside, NotRegular, ReadLimits, resolveInclude, TooLarge } from './includes';
import { type ReadState, sizeText } from './read-state';
import { directiveFields } from './written';
import type { Directive, IncludedFile, Node } from './tree';

/** Reads one included file's text, placed in the virtual text, into its nodes. */
export type ReadFile = (path: string, text: string) => Node[];

/** Apache's AP_MAX_INCLUDE_DEPTH. */
const MAX_INCLUDE_DEPTH = 128;

/** What Apache says when Include or IncludeOptional has no argument or more than one (core.c's command table). */
const INCLUDE_USAGE = {
  include:
    'Include takes one argument, Name(s) of the config file(s) to be included; fails if the wildcard does not match at least one file',
  includeoptional:
    'IncludeOptional takes one argument, Name or pattern of the config file(s) to be included; ignored if the file does not exist or the pattern does not match any files',
} as const;

/**
 * `Include` or `IncludeOptional` (include_config, TAKE1: exactly one word, and not an empty one):
 * the files it names, each read by `readFile` as a file of its own sharing the read-time state.
 */
export function readInclude(state: ReadState, directive: Directive, name: 'include' | 'includeoptional', readFile: ReadFile): Directive {
  const argument = directive.args[0]?.value ?? '';
  if (argument === '' || directive.args.length > 1) {
    state.report('include-failed', 'include-arguments', directive.span, INCLUDE_USAGE[name]);
    return directive;
  }
  const optional = name === 'includeoptional';
  if (!state.access) {
    state.unfollowedInclude = true;
    return directive;
  }
  const resolved = resolveInclude(argument, optional, state.serverRoot, state.access, state.budget);
  if ('error' in resolved) {
    state.report('include-failed', 'include-failed', directive.span, resolved.error);
    return directive;
  }
  const included: IncludedFile[] = [];
  let limit = resolved.limit;
  let outside = resolved.outside;
  for (const path of resolved.files) {
    state.checkpoint();
    if (state.budget.left <= 0) {
      limit = 'includes';
      break;
    }
    if (state.chain.includes(path) || state.chain.length > MAX_INCLUDE_DEPTH) {
      const cycle = state.chain.includes(path) ? ` (${[...state.chain.slice(state.chain.indexOf(path)), path].join(' → ')})` : '';
      state.report(
        'include-failed',
        'include-failed',
        directive.span,
        `Exceeded maximum include depth of ${MAX_INCLUDE_DEPTH}, There appears to be a recursion.${cycle}`,
      );
      continue;
    }
    const text = state.access.readFile(path);
    state.budget.left--;
    if (text === undefined) {
      state.report(
        'include-failed',
        'include-failed',
        directive.span,
        `Could not open configuration file ${path}: No such file or directory`,
      );
      continue;
    }
    if (isOutside(text)) {
      outside = text;
      continue;
    }
    if (typeof text !== 'string' && 'type' in text && !text.isPseudo) {
      state.report(
        'include-failed',
        'include-failed',
        directive.span,
        `Could not open configuration file ${path}: Bad file descriptor (AH00554: Access to file ${path} denied by server: not a regular file)`,
      );
      continue;
    }
    if (typeof text !== 'string' || !state.fits(text.length)) {
      state.report(
        'include-over-limit',
        'include-limit',
        directive.span,
        unread(path, typeof text === 'string' ? undefined : text, state.limits.size),
        false,
      );
      continue;
    }
    state.chain.push(path);
    const nodes = readFile(path, text);
    state.chain.pop();
    included.push({ path, nodes });
  }
  // One finding naming the include as written: what lies outside is not named, nor whether it exists.
  if (outside)
    state.report(
      'include-outside-roots',
      'include-outside-roots',
      directive.span,
      `${quoted(argument, undefined, true)} is outside the include roots, so it is not read: --include-root DIR adds one`,
      false,
    );
  if (limit) state.report('include-over-limit', 'include-limit', directive.span, limitReached(limit, state.limits), false);
  return { ...directiveFields(directive), included };
}

/** Why an included file was not read: a pseudo file system's, larger than the file access reads, or than the configuration may still hold. */
function unread(path: string, file: TooLarge | NotRegular | undefined, size: number): string {
  const shown = quoted(path, undefined, true);
  if (file && 'type' in file) return `${shown} is ${file.type}, which may never end or may block, so it is not read`;
  if (file)
    return `${shown} is ${sizeText(file.bytes)}, more than the ${sizeText(file.limit)} a file may have, so it is not read (--max-size)`;
  return `${shown} would take this configuration past the ${sizeText(size)} it may have, so it is not read (--max-size)`;
}

/** Which limit stopped an include, and how to raise it. */
function limitReached(limit: IncludeLimit, limits: ReadLimits): string {
  switch (limit) {
    case 'includes':
      return `this configuration reaches more than the ${thousands(limits.includes)} files and folders Include may read, so the rest are not read (--max-includes)`;
    case 'depth':
      return `this include reaches folders more than ${limits.directoryDepth} levels below the folder it names, which are not read (--max-directory-depth)`;
  }
}
