import { firstPassing } from '../search';
import { quoted } from '../bounded';
import { isBalancerUrl } from '../model/urls';
import { probe, serverOf, serverLines } from '../requests/probe';
import { serversOf, Server } from '../requests/servers';
import { stepsNamed } from '../syntax/named';
import { handlerWords } from '../syntax/rewrite-words';
import type { Section } from '../syntax/tree';
import type { Analysis } from '../analysis';
import { guardsAccess } from './shared';
import type { Rule, RuleExamples, RuleFinding } from './types';

export const rule: Rule = {
  id: 'guard-bypassed',
  severity: 'warning',
  docs: {
    summary:
      'an access guard (`Require`, `Deny`, `AuthType`) that proxied requests get past: a `<Directory>` for a proxied path, a `<Proxy URL>` no request goes to',
    why: 'Apache applies a section by what the request is at the time: `<Directory>` applies to files, and a proxied request never becomes a file; `<Proxy URL>` applies to requests proxied to that URL, so one naming another host or port than the ProxyPass does guards nothing. The guard looks right and the member answers everyone.',
  },
  check({ analysis }) {
    const findings: RuleFinding[] = [];
    const sections = stepsNamed(analysis.tree.nodes, ['<directory', '<proxy']).filter(
      (step) => step.kind === 'enter' && guardsAccess(step.section),
    );
    let targets: Targets | undefined;
    for (const step of sections) {
      if (step.kind !== 'enter') continue;
      const section = step.section;
      const finding =
        section.name.toLowerCase() === 'directory' ? directory(analysis, section) : proxy(section, (targets ??= proxyTargets(analysis)));
      if (finding) findings.push(finding);
    }
    return findings;
  },
};

/** `<Directory>`: proxied requests never reach a folder, so its guard holds only for the paths served from files. */
function directory(analysis: Analysis, section: Section): RuleFinding | undefined {
  const folder = section.args[0]?.value;
  if (section.args.length !== 1 || !folder || !folder.startsWith('/') || folder === '/' || folder.includes('${') || /[*?[]/.test(folder))
    return undefined;
  const own = serverOf(analysis, section);
  const servers = serversOf(analysis);
  const candidates: Server[] = own === servers.main ? [servers.main, ...servers.vhosts] : [own];
  let proxiedBy: string | undefined;
  for (const server of candidates) {
    const url = urlFor(analysis, server, folder);
    if (url === null) return undefined;
    const seen = probe(analysis, server, url);
    if (!seen) continue;
    if (seen.trace.handledBy !== 'proxy') return undefined;
    proxiedBy ??= seen.trace.balancer ?? seen.trace.member ?? undefined;
  }
  if (!proxiedBy) return undefined;
  return {
    span: section.open.span,
    message: `proxied to ${proxiedBy}, never served from ${quoted(folder)}: guard the URL with <Location>`,
  };
}

/**
 * The URL path that serves `folder` in `server`: through an Alias or the DocumentRoot; the
 * folder's last name under `/` when nothing maps it (a guess the proxy's catch-all must take);
 * null when a mapping is not plain.
 */
function urlFor(analysis: Analysis, server: Server, folder: string): string | null {
  const inside = (base: string): string | undefined => {
    const root = base.endsWith('/') ? base : `${base}/`;
    const dir = folder.endsWith('/') ? folder : `${folder}/`;
    return dir.startsWith(root) ? dir.slice(root.length) : undefined;
  };
  const main = serversOf(analysis).main;
  const lines = [...(server === main ? [] : main.lines), ...server.lines].filter((line) => line.sections.length === 0);
  for (const line of lines) {
    if (line.name !== 'alias') continue;
    const [path, target] = line.directive.args.map((word) => word.value);
    if (!path || !target || target.includes('${')) return null;
    const rest = inside(target);
    if (rest !== undefined) return `${path.endsWith('/') ? path : `${path}/`}${rest}`;
  }
  const root = lines.filter((line) => line.name === 'documentroot').at(-1)?.directive.args[0]?.value;
  const rest = root === undefined ? undefined : inside(root);
  if (rest !== undefined) return `/${rest}`;
  return `/${folder.replace(/\/+$/, '').split('/').at(-1)}/`;
}

/** The URLs requests are proxied to, each once, in order and as a set: a `<Proxy URL>` looks for those its URL's start prefixes or starts with. */
interface Targets {
  readonly sorted: readonly string[];
  readonly all: ReadonlySet<string>;
}

/** The URLs requests are proxied to (the literal start of each), lower case: ProxyPass, ProxyPassMatch, RewriteRule and member URLs. */
function proxyTargets(analysis: Analysis): Targets {
  const targets: string[] = [];
  for (const line of serverLines(analysis, ['proxypass', 'proxypassmatch', 'rewriterule', 'balancermember'])) {
    const words = handlerWords(line.directive)
      .map((word) => word.value)
      .filter((word) => word !== '~');
    const inSection = line.sections.length > 0 && line.name !== 'rewriterule' && line.name !== 'balancermember';
    const target = line.name === 'balancermember' ? words[0] : inSection ? words[0] : words[1];
    if (target && target !== '!') targets.push(target.toLowerCase().split(/\$\d|%\{|\$\{/)[0]!);
  }
  const all = new Set(targets);
  return { sorted: [...all].sort(), all };
}

/** Whether a target starts with `prefix`, or is the start of it: a lookup per length of `prefix`, a binary search for the rest. */
function isProxiedTo(prefix: string, { sorted, all }: Targets): boolean {
  for (let length = 0; length <= prefix.length; length++) if (all.has(prefix.slice(0, length))) return true;
  return sorted[firstPassing(sorted, (target) => target >= prefix)]?.startsWith(prefix) ?? false;
}

/** `<Proxy URL>`: guards only requests proxied to a URL it matches. */
function proxy(section: Section, targets: Targets): RuleFinding | undefined {
  const url = section.args[0]?.value;
  if (section.args.length !== 1 || !url || isBalancerUrl(url) || url.includes('${') || !/^[a-z][a-z0-9+.-]*:\/\//i.test(url))
    return undefined;
  const prefix = url.toLowerCase().split(/[*?[]/)[0]!;
  if (targets.sorted.length === 0 || isProxiedTo(prefix, targets)) return undefined;
  return {
    span: section.args[0]!.span,
    message: `no request is proxied to ${quoted(url)}, so this guard never applies: name the URL the ProxyPass uses`,
  };
}

/** A configuration the rule flags, and the same one fixed (docs and tests only: not in the bundle). */
export const examples: RuleExamples = {
  bad: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>\n<Proxy "http://localhost:8080/*">\n    Require ip 10.9.9.9\n</Proxy>\nProxyPass "/" "balancer://app/"',
  good: '<Proxy "balancer://app">\n    BalancerMember "http://10.0.0.1:8080"\n    Require ip 10.9.9.9\n</Proxy>\nProxyPass "/" "balancer://app/"',
};
