import { findDirective } from '../directives/directives';
import { sectionName } from '../syntax/names';
import type { Directive, Section } from '../syntax/tree';
import { walk } from '../syntax/walk';
import { apacheSays } from './shared';
import type { Rule, RuleFinding } from './types';

/** Sections that give their children a directory context (cmd->path): only `d` directives belong there. */
const DIRECTORY_SECTIONS = new Set(['proxy', 'proxymatch', 'location', 'locationmatch', 'directory', 'directorymatch', 'files', 'filesmatch', 'if', 'elseif', 'else']);
const PROXY_SECTIONS = new Set(['proxy', 'proxymatch']);
/** Executed while the file is read (EXEC_ON_READ), before any context is known: Apache never checks where they are. */
const READ_TIME = new Set(['define', 'undefine', 'include', 'includeoptional', 'loadmodule', 'loadfile', 'serverroot', 'defaultruntimedir']);

export const rule: Rule = {
  id: 'misplaced-directive',
  severity: 'error',
  docs: {
    summary: 'a server or virtual-host directive inside `<Proxy>`, `<Location>`, `<Directory>`, `<If>` or the like, or `<VirtualHost>` inside `<VirtualHost>`',
    why: 'Directives such as BalancerGrowth, BalancerPersist, ProxyPassInherit, <Proxy> and <Location> apply to a whole server; Apache refuses the configuration when one sits inside a section ("not allowed in <Proxy> context").',
    bad: '<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n    BalancerGrowth 10\n</Proxy>',
    good: 'BalancerGrowth 10\n<Proxy "balancer://shop">\n    BalancerMember "http://10.0.0.1:8080"\n</Proxy>',
  },
  *check({ analysis }) {
    for (const step of walk(analysis.tree.nodes)) {
      const directive = step.kind === 'directive' ? step.directive : step.kind === 'enter' ? step.section.open : undefined;
      if (!directive || !step.parent) continue;
      const finding = check(directive, step.parent);
      if (finding) yield finding;
    }
  },
};

function check(directive: Directive, parent: Section): RuleFinding | undefined {
  const info = findDirective(directive.name);
  const parentName = parent.name.toLowerCase();
  if (!info || READ_TIME.has(info.name.toLowerCase())) return undefined;
  if (info.name === '<VirtualHost' && parentName === 'virtualhost') {
    return { span: directive.nameSpan, message: `virtual hosts do not nest: close the outer <VirtualHost> first (${apacheSays('<VirtualHost> cannot occur within <VirtualHost> section')})` };
  }
  if (!DIRECTORY_SECTIONS.has(parentName)) return undefined;
  const contexts = info.contexts;
  if (contexts.includes('d') || contexts.includes('h') || (contexts.includes('p') && PROXY_SECTIONS.has(parentName))) return undefined;
  const where = `<${sectionName(parent.name)}>`;
  return {
    span: directive.nameSpan,
    message: `${info.name.startsWith('<') ? `${info.name}>` : info.name} applies to a whole server or virtual host, not inside ${where}: move it out of the section (${apacheSays(`${info.name} not allowed in ${where} context`)})`,
  };
}
