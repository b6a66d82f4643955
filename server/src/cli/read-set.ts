/**
 * The files a command's PATHs select on disk, read as `lint` reads them: a folder walked for
 * configuration files, a quoted glob expanded, a file given twice (or reached through two PATHs) read
 * once, and includes read within the include roots. `diff` and `schedule` assemble their set from it.
 */
import type { SetFile } from '../core/config-set';
import type { FileAccess } from '../core/syntax/includes';
import type { ConfigLookup } from '../node/config';
import { diskAccess, realPathKeys } from '../node/files';
import { resolveInputs } from './inputs';
import { readConfig } from './io';
import { includeRoots, ReadFlags } from './read-options';

/** What a configuration set is assembled from: its files, and how includes are read and named. */
export interface SetSources {
  readonly sources: readonly SetFile[];
  /** Each file as shown, by key: relative to the folder the PATHs start from when inside it. */
  readonly shown: ReadonlyMap<string, string>;
  readonly files: FileAccess;
  readonly keyOf: (path: string) => string;
}

/** How a folder walk picks files: `--ext`'s extensions and each folder's `.balancerlens.json`. */
export interface FilePick {
  readonly extensions: readonly string[];
  readonly configFor: ConfigLookup;
}

/** The files on disk `args` select from the folder `root` (with `--ext`'s extensions); a file that cannot be read, or is binary, is a usage error. */
export function diskSources(args: readonly string[], root: string, flags: ReadFlags, pick: FilePick): SetSources {
  const options = { cwd: root, extensions: pick.extensions, stdinFilename: undefined, configFor: pick.configFor };
  const inputs = args.flatMap((arg) => resolveInputs([arg], options).inputs);
  const keyOf = realPathKeys();
  const seen = new Set<string>();
  const files = inputs.flatMap((each) => {
    if (each.kind !== 'file') return [];
    const key = keyOf(each.path);
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ ...each, key }];
  });
  return {
    sources: files.map((file) => ({ key: file.key, path: file.path, text: readConfig(file.path, file.shown, flags.limits.size) })),
    shown: new Map(files.map((file) => [file.key, file.shown] as const)),
    files: diskAccess({
      maxBytes: flags.limits.size,
      roots: includeRoots(
        flags,
        root,
        files.map((file) => file.path),
      ),
    }),
    keyOf,
  };
}
