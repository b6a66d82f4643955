/** Completion: directives valid here, parameter keys, status letters, lbmethods and balancer names. */
import type { Analysis } from '../analysis';
import { DIRECTIVES } from '../directives/table';
import type { Node, Section } from '../syntax/tree';
import { walk } from '../syntax/walk';
import { PARAMETER_DOCS, STATUS_DOCS } from './parameter-docs';

/** One completion item; `insertText` with `isSnippet` uses `${1:…}` placeholders. */
export interface CompletionItem {
  readonly label: string;
  readonly kind: 'directive' | 'parameter' | 'value' | 'balancer' | 'snippet';
  readonly detail: string;
  readonly documentation?: string;
  readonly insertText?: string;
  readonly isSnippet?: boolean;
}

const LBMETHODS: Record<string, string> = {
  byrequests: 'weighted round robin over requests (the default)',
  bybusyness: 'fewest requests in flight; weights break ties',
  bytraffic: 'fewest bytes per loadfactor unit',
  heartbeat: 'from mod_heartmonitor data; ignores loadfactor and lbset',
};

const SNIPPETS: readonly CompletionItem[] = [
  {
    label: 'balancer',
    kind: 'snippet',
    detail: 'a balancer with two members, ProxyPass and ProxyPassReverse',
    insertText:
      '<Proxy "balancer://${1:app}">\n\tBalancerMember "http://${2:10.0.0.1:8080}" loadfactor=${3:1}\n\tBalancerMember "http://${4:10.0.0.2:8080}" loadfactor=${5:1}\n\tProxySet lbmethod=${6|byrequests,bybusyness,bytraffic|}\n</Proxy>\nProxyPass "/${7:app}/" "balancer://${1:app}/"\nProxyPassReverse "/${7:app}" "balancer://${1:app}/"\n',
    isSnippet: true,
  },
  {
    label: 'balancer-sticky',
    kind: 'snippet',
    detail: 'a balancer with sticky sessions on a ROUTEID cookie',
    insertText:
      'Header add Set-Cookie "ROUTEID=.%{BALANCER_WORKER_ROUTE}e; path=/" env=BALANCER_ROUTE_CHANGED\n<Proxy "balancer://${1:app}">\n\tBalancerMember "http://${2:10.0.0.1:8080}" route=${3:n1}\n\tBalancerMember "http://${4:10.0.0.2:8080}" route=${5:n2}\n\tProxySet stickysession=ROUTEID\n</Proxy>\nProxyPass "/${6:app}/" "balancer://${1:app}/"\nProxyPassReverse "/${6:app}" "balancer://${1:app}/"\n',
    isSnippet: true,
  },
];

/** Parameter keys people write most, first; the rest follow in PARAMETER_DOCS order. */
const COMMON_KEYS = [
  'loadfactor',
  'route',
  'status',
  'lbset',
  'retry',
  'timeout',
  'connectiontimeout',
  'ping',
  'redirect',
  'keepalive',
  'max',
  'ttl',
  'lbmethod',
  'stickysession',
  'nofailover',
  'maxattempts',
  'failonstatus',
  'failontimeout',
  'growth',
  'forcerecovery',
];

/** Completions for the cursor at `offset`, most useful first (clients should keep this order). */
export function complete(analysis: Analysis, offset: number): CompletionItem[] {
  const text = analysis.tree.text;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  const balancerName = /balancer:\/\/[^\s"'/]*$/i.exec(before);
  if (balancerName) {
    const names = [...new Set(analysis.model.balancers.map((balancer) => balancer.name))].filter((name) => name.startsWith('balancer://'));
    return names.map((name) => ({ label: name.slice('balancer://'.length), kind: 'balancer', detail: name }));
  }
  const words = before.trimStart().split(/\s+/);
  const current = words.at(-1) ?? '';
  if (words.length <= 1) return [...closeItems(analysis, offset), ...directiveItems(sectionAt(analysis, offset)), ...SNIPPETS];
  const directive = words[0]!.replace(/^["']/, '').toLowerCase();
  const value = /^([a-z]+)=(.*)$/i.exec(current);
  if (value) {
    const key = value[1]!.toLowerCase();
    if (key === 'lbmethod') return Object.entries(LBMETHODS).map(([name, detail]) => ({ label: name, kind: 'value', detail }));
    if (key !== 'status') return switchValues(key);
    return Object.entries(STATUS_DOCS)
      .filter(([letter]) => 'DSEIHRNC'.includes(letter))
      .map(([letter, detail]) => ({
        label: `+${letter}`,
        kind: 'value',
        detail,
        insertText: value[2]!.endsWith('+') || value[2]!.endsWith('-') ? letter : `+${letter}`,
      }));
  }
  if (current.includes('=')) return [];
  const target = parameterTarget(directive, before, sectionAt(analysis, offset));
  if (!target) return [];
  const rank = (key: string): number => (COMMON_KEYS.includes(key) ? COMMON_KEYS.indexOf(key) : COMMON_KEYS.length);
  const docs = PARAMETER_DOCS.filter((doc) => doc.target === target);
  // Array.prototype.sort is stable: keys of equal rank keep their PARAMETER_DOCS order.
  return docs
    .sort((a, b) => rank(a.key) - rank(b.key))
    .map((doc) => ({
      label: `${doc.key}=`,
      kind: 'parameter',
      detail: doc.summary,
      documentation: `Accepts: ${doc.accepts}`,
    }));
}

/** The values of a parameter that takes words (On or Off; on, off or auto), read from its documentation; none for the rest. */
function switchValues(key: string): CompletionItem[] {
  const doc = PARAMETER_DOCS.find((candidate) => candidate.key === key);
  const words = doc?.accepts.startsWith('On or Off')
    ? ['On', 'Off']
    : doc?.accepts.startsWith('on, off or auto')
      ? ['on', 'off', 'auto']
      : [];
  return words.map((word) => ({ label: word, kind: 'value', detail: doc!.summary }));
}

function parameterTarget(directive: string, line: string, section: Section | undefined): 'member' | 'balancer' | undefined {
  if (directive === 'balancermember') return 'member';
  if (directive === 'proxypass' || directive === 'proxypassmatch') return /balancer:\/\//i.test(line) ? 'balancer' : 'member';
  if (directive === 'proxyset') {
    const named = section && /^proxy/i.test(section.name) ? (section.args[0]?.value ?? '') : (line.split(/\s+/)[1] ?? '');
    return /^balancer:/i.test(named) ? 'balancer' : 'member';
  }
  return undefined;
}

/** Directive names allowed in the section at the cursor (server, virtual host or directory context). */
function directiveItems(section: Section | undefined): CompletionItem[] {
  const name = section?.name.toLowerCase();
  const context = name === undefined ? 's' : name === 'virtualhost' ? 'v' : 'd';
  const inBalancer = (name === 'proxy' || name === 'proxymatch') && /^balancer:/i.test(section?.args[0]?.value ?? '');
  const items: CompletionItem[] = DIRECTIVES.filter((info) => info.contexts.includes(context) && !info.name.startsWith('<')).map(
    (info) => ({ label: info.name, kind: 'directive', detail: info.module }),
  );
  if (inBalancer)
    items.unshift({
      label: 'BalancerMember',
      kind: 'directive',
      detail: 'mod_proxy: a member of this balancer',
      insertText: 'BalancerMember "http://${1:host}:${2:8080}" loadfactor=${3:1}',
      isSnippet: true,
    });
  return items;
}

/** `</Name>` for each section around `offset` that is never closed, innermost first. */
function closeItems(analysis: Analysis, offset: number): CompletionItem[] {
  const items: CompletionItem[] = [];
  // Without recursion: sections may nest 20,000 deep.
  const stack: (readonly Node[])[] = [analysis.tree.nodes];
  for (let level = stack.pop(); level; level = stack.pop())
    for (const node of level) {
      if (node.kind !== 'section' || offset <= node.open.span.end) continue;
      if (node.close && offset > node.close.span.start) continue;
      if (!node.close)
        items.unshift({
          label: `</${node.name}>`,
          kind: 'directive',
          detail: `closes ${analysis.tree.text.slice(node.open.span.start, node.open.span.end)}`,
        });
      stack.push(node.children);
    }
  return items;
}

/** The innermost section around `offset` (conditionals are spliced, as Apache does); one never closed runs to the end of the file. */
function sectionAt(analysis: Analysis, offset: number): Section | undefined {
  let found: Section | undefined;
  for (const step of walk(analysis.tree.nodes)) {
    if (step.kind !== 'enter') continue;
    const section = step.section;
    if (section.open.span.end < offset && (!section.close || offset <= section.close.span.start)) found = section;
  }
  return found;
}
