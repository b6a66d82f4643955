/** Where a directive stands, in the terms Apache's context checks use (`ap_check_cmd_context`). */
import { sectionName } from '../syntax/names';
import type { Section } from '../syntax/tree';
import { REFUSED_CONTEXTS } from './refused-contexts';

/** A directive's surroundings: top level, a virtual host, or one kind of section. */
export type DirectiveContext = 's' | 'v' | 'loc' | 'dir' | 'files' | 'proxy' | 'if' | 'limit';

/** The contexts in the order of the letters of REFUSED_CONTEXTS. */
const CONTEXTS: readonly DirectiveContext[] = ['s', 'v', 'loc', 'dir', 'files', 'proxy', 'if', 'limit'];

/** The section each context's refusals name, as `ap_check_cmd_context` words it. */
const SECTION_WORDS: Readonly<Record<DirectiveContext, string>> = {
  s: '',
  v: 'VirtualHost',
  loc: 'Location',
  dir: 'Directory',
  files: 'Files',
  proxy: 'Proxy',
  if: 'If',
  limit: 'Limit',
};

let refused: Map<string, string> | undefined;

/** Lower-cased name → Apache's spelling and one letter per context, indexed on first use. */
function refusedContexts(): Map<string, string> {
  refused ??= new Map(REFUSED_CONTEXTS.map((entry) => [entry.slice(0, entry.lastIndexOf(' ')).toLowerCase(), entry]));
  return refused;
}

/** Apache's words for a refusal of letter `code` (see REFUSED_CONTEXTS) of the directive spelled `name`. */
function refusalWords(name: string, code: string, context: DirectiveContext): string | undefined {
  const section = SECTION_WORDS[context];
  if (code === 'h') return `${name} not allowed here`;
  if (code === 'n') return `${name} not allowed in <${section}> context`;
  if (code === 'c')
    return `${name}${name.startsWith('<') ? '>' : ''} cannot occur within <${context === 'limit' ? 'Limit> or <LimitExcept' : section}> section`;
  return undefined;
}

const BY_SECTION: ReadonlyMap<string, DirectiveContext> = new Map<string, DirectiveContext>(
  Object.entries({
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
  }),
);

/** The context a directive is in, from its nearest enclosing section (conditionals are spliced away). */
export function contextOf(parent: Section | undefined): DirectiveContext | undefined {
  if (!parent) return 's';
  return BY_SECTION.get(parent.name.toLowerCase());
}

/** Whether Apache refuses the directive `name` in some context: `refusal` finds nothing for any other name. */
export function mayBeRefused(name: string): boolean {
  return refusedContexts().has(name.toLowerCase());
}

/** Apache's message when it refuses `name` in `context`, naming the section as Apache spells it (`<LocationMatch>`). */
export function refusal(name: string, context: DirectiveContext, parent: Section | undefined): string | undefined {
  const entry = refusedContexts().get(name.toLowerCase());
  const space = entry?.lastIndexOf(' ') ?? -1;
  const message = entry && refusalWords(entry.slice(0, space), entry[space + 1 + CONTEXTS.indexOf(context)]!, context);
  if (!message || !parent) return message;
  return message.replace(/<(VirtualHost|Location|Directory|Files|Proxy|If|Limit)>/, `<${sectionName(parent.name)}>`);
}
