/** Where a directive stands, in the terms Apache's context checks use (`ap_check_cmd_context`). */
import { sectionName } from '../syntax/names';
import type { Section } from '../syntax/tree';
import { REFUSED } from './refused-contexts';

/** A directive's surroundings: top level, a virtual host, or one kind of section. */
export type DirectiveContext = 's' | 'v' | 'loc' | 'dir' | 'files' | 'proxy' | 'if' | 'limit';

/** Apache's refusal per context, for one directive. */
export type RefusedContexts = Partial<Record<DirectiveContext, string>>;

const BY_SECTION: Readonly<Record<string, DirectiveContext>> = {
  virtualhost: 'v',
  location: 'loc',
  locationmatch: 'loc',
  directory: 'dir',
  directorymatch: 'dir',
  files: 'files',
  filesmatch: 'files',
  proxy: 'proxy',
  proxymatch: 'proxy',
  if: 'if',
  elseif: 'if',
  else: 'if',
  limit: 'limit',
  limitexcept: 'limit',
};

/** The context a directive is in, from its nearest enclosing section (conditionals are spliced away). */
export function contextOf(parent: Section | undefined): DirectiveContext | undefined {
  if (!parent) return 's';
  return BY_SECTION[parent.name.toLowerCase()];
}

/** Apache's message when it refuses `name` in `context`, naming the section as Apache spells it (`<LocationMatch>`). */
export function refusal(name: string, context: DirectiveContext, parent: Section | undefined): string | undefined {
  const message = REFUSED[name.toLowerCase()]?.[context];
  if (!message || !parent) return message;
  return message.replace(/<(VirtualHost|Location|Directory|Files|Proxy|If|Limit)>/, `<${sectionName(parent.name)}>`);
}
