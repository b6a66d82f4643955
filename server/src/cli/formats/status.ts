/** The formats of `balancer-lens status`: text, markdown (job summaries) and the JSON contract of docs/cli.md. */
import type { BalancerComparison, LiveReport, MemberComparison } from '../../core/live/compare';
import type { LiveMember, ManagerPage } from '../../core/live/manager-page';
import type { Member } from '../../core/model/model';
import { statusLetters } from '../../core/model/params';
import { codeSpan, escapeMarkdown } from '../../core/markup';
import { thousands } from '../../core/thousands';
import type { Locate } from '../../core/files';
import { percent } from '../../core/features/share-text';
import { oneLine } from '../one-line';

/** One URL's outcome: its page compared, or why it could not be. */
export type ServerStatus =
  { readonly url: string; readonly page: ManagerPage; readonly report: LiveReport } | { readonly url: string; readonly error: string };

/** The JSON contract (docs/cli.md, status). */
export function statusJson(servers: readonly ServerStatus[], locate: Locate): unknown {
  return {
    differs: servers.some((server) => 'report' in server && server.report.differs),
    servers: servers.map((server) =>
      'error' in server
        ? { url: server.url, error: server.error, differs: null, serverVersion: null, persist: null, balancers: [] }
        : {
            url: server.url,
            error: null,
            differs: server.report.differs,
            serverVersion: server.page.serverVersion ?? null,
            persist: server.report.persist,
            balancers: server.report.balancers.map((balancer) => balancerJson(balancer, locate)),
          },
    ),
  };
}

function balancerJson(balancer: BalancerComparison, locate: Locate): unknown {
  const at = balancer.preview ? locate(balancer.preview.balancer.createdBy.span.start) : undefined;
  const { traffic } = balancer;
  return {
    name: balancer.name,
    file: at?.file ?? null,
    line: at?.line ?? null,
    lbmethod: balancer.running?.lbmethod ?? null,
    differences: balancer.differences.map((difference) => ({
      kind: difference.kind,
      member: difference.member ?? null,
      flag: difference.flag ?? null,
      configured: difference.configured ?? null,
      running: difference.running ?? null,
      message: difference.message,
    })),
    members: balancer.members.map((member) => memberJson(member, locate)),
    traffic: {
      verdict: traffic.verdict,
      requests: traffic.requests,
      statistic: traffic.test?.statistic ?? null,
      degreesOfFreedom: traffic.test?.degreesOfFreedom ?? null,
      pValue: traffic.test?.pValue ?? null,
      alpha: traffic.alpha,
      message: traffic.message,
    },
    notes: balancer.notes,
  };
}

function memberJson(member: MemberComparison, locate: Locate): unknown {
  const at = member.configured ? locate(member.configured.declaration.directive.span.start) : undefined;
  return {
    name: member.name,
    file: at?.file ?? null,
    line: at?.line ?? null,
    configured: member.configured ? configuredValues(member.configured) : null,
    running: member.running ? runningValues(member.running) : null,
    predictedShare: member.predictedShare ?? null,
    observedShare: member.observedShare ?? null,
  };
}

function configuredValues(member: Member): unknown {
  const { lbfactor, lbset, route, redirect, status } = member.params;
  return { url: member.url, loadfactor: lbfactor / 100, lbset, route, redirect, status: statusLetters(status) };
}

function runningValues(member: LiveMember): unknown {
  return {
    loadfactor: member.lbfactor / 100,
    lbset: member.lbset,
    route: member.route,
    redirect: member.redirect,
    status: member.statusText,
    isUsable: member.isUsable,
    elected: member.elected,
    busy: member.busy,
    load: member.load,
    sent: member.sent,
    received: member.received,
  };
}

/** `elected 1,234 = 31.0% (preview 33.3%)`: a member's traffic in one phrase. */
export function trafficPhrase(member: MemberComparison): string {
  if (!member.running) return 'not running';
  const elected = `elected ${thousands(member.running.elected)}`;
  const observed = member.observedShare === undefined ? '' : ` = ${percent(member.observedShare)}`;
  const predicted = member.predictedShare === undefined ? '' : ` (preview ${percent(member.predictedShare)})`;
  return `${elected}${observed}${predicted}`;
}

/** The text format: per URL, each balancer with its members, differences and traffic verdict. */
export function statusText(servers: readonly ServerStatus[], locate: Locate): string {
  const out: string[] = [];
  for (const server of servers) {
    if ('error' in server) {
      out.push(`${server.url}  cannot be compared: ${server.error}`, '');
      continue;
    }
    const { report, page } = server;
    const verdict = report.differs ? 'differs from the configuration' : 'runs the configuration';
    out.push(`${server.url}  ${page.serverVersion ? `${page.serverVersion}  ` : ''}${verdict}`);
    if (report.balancers.length === 0) out.push('  no balancers on the page or in the configuration');
    for (const balancer of report.balancers) {
      const at = balancer.preview ? locate(balancer.preview.balancer.createdBy.span.start) : undefined;
      out.push(`  ${balancer.name}${at ? `  ${at.file}:${at.line}` : ''}${balancer.running ? `  ${balancer.running.lbmethod}` : ''}`);
      const width = balancer.members.reduce((widest, member) => Math.max(widest, member.name.length), 0);
      for (const member of balancer.members) {
        const status = member.running ? member.running.statusText : 'configured only';
        out.push(`    ${member.name.padEnd(width)}  ${status.padEnd(16)}  ${trafficPhrase(member)}`);
      }
      for (const difference of balancer.differences)
        out.push(`    ✗ ${difference.member ? `${difference.member}: ` : ''}${difference.message}`);
      if (balancer.traffic.verdict !== 'not-tested' || balancer.running) out.push(`    traffic: ${balancer.traffic.message}`);
      for (const note of balancer.notes) out.push(`    note: ${note}`);
    }
    out.push('');
  }
  return `${out.map(oneLine).join('\n')}`;
}

/** The markdown format: a heading per URL, a table of members per balancer, the differences as a list. */
export function statusMarkdown(servers: readonly ServerStatus[], locate: Locate): string {
  const out: string[] = ['### Balancer Lens: running servers against the configuration'];
  for (const server of servers) {
    out.push('');
    if ('error' in server) {
      out.push(`#### ${escapeMarkdown(server.url)} — cannot be compared`, '', escapeMarkdown(server.error));
      continue;
    }
    const { report } = server;
    out.push(`#### ${escapeMarkdown(server.url)} — ${report.differs ? '✗ differs from the configuration' : '✓ runs the configuration'}`);
    for (const balancer of report.balancers) {
      const at = balancer.preview ? locate(balancer.preview.balancer.createdBy.span.start) : undefined;
      out.push('', `**${escapeMarkdown(balancer.name)}**${at ? ` — ${escapeMarkdown(`${at.file}:${at.line}`)}` : ''}`, '');
      out.push('| member | status | loadfactor | lbset | elected | preview |', '|---|---|---|---|---|---|');
      for (const member of balancer.members) {
        const live = member.running;
        const share = (value: number | undefined): string => (value === undefined ? '' : percent(value));
        out.push(
          `| ${codeSpan(member.name)} | ${live ? escapeMarkdown(live.statusText) : 'configured only'} | ${live ? (live.lbfactor / 100).toFixed(2) : ''} | ${live?.lbset ?? ''} | ${live ? `${thousands(live.elected)} (${share(member.observedShare)})` : ''} | ${share(member.predictedShare)} |`,
        );
      }
      if (balancer.differences.length > 0) out.push('');
      for (const difference of balancer.differences)
        out.push(`- ✗ ${difference.member ? `${codeSpan(difference.member)}: ` : ''}${escapeMarkdown(difference.message)}`);
      out.push('', `_traffic: ${escapeMarkdown(balancer.traffic.message)}_`);
      for (const note of balancer.notes) out.push('', `_note: ${escapeMarkdown(note)}_`);
    }
  }
  return `${out.join('\n')}\n`;
}
