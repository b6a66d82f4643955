/**
 * The files of the workspace that form its configuration set: the same files `balancer-lens lint`
 * picks in each workspace folder (and `.balancerlens.json`'s `include`), found with a bounded walk.
 */
import type { ConfigLookup } from '../node/config';
import { walkDirectory } from '../node/walk';

/** How many files and folders the walk looks at, at most, over all workspace folders. */
export const SEARCH_CAP = 2000;

/** The configuration files found, and whether the cap stopped the walk. */
export interface WorkspaceFiles {
  readonly paths: readonly string[];
  readonly capped: boolean;
}

/** Walks the workspace folders as `lint DIR` walks a folder, within SEARCH_CAP entries in all. */
export function workspaceFiles(folders: readonly string[], configFor: ConfigLookup): WorkspaceFiles {
  const paths: string[] = [];
  let capped = false;
  for (const folder of folders) {
    const left = SEARCH_CAP - paths.length;
    if (left <= 0) {
      capped = true;
      break;
    }
    const found = walkDirectory(folder, { extensions: [], configFor, maxEntries: left });
    paths.push(...found.files);
    capped ||= found.capped;
  }
  return { paths, capped };
}
