/**
 * The schedule panel's HTML: a pure function of one `balancerLens/schedule` answer (the JSON of
 * `balancer-lens schedule --format json`), so it is tested without VS Code. No scripts; the only
 * style block carries the nonce the Content-Security-Policy allows, and colours come from the
 * theme's CSS variables so the panel reads well in light, dark and high-contrast themes.
 */
import type { BalancerReport, MemberReport } from '../../server/src/core/features/schedule-report';
import { memberLetter } from '../../server/src/core/scheduler/letters';
import { explainIdle } from '../../server/src/core/scheduler/preview';

/** At most this many picks are drawn on the timeline. */
export const TIMELINE_CAP = 200;

/** What the panel needs besides the report. */
export interface ViewOptions {
  /** Fresh for every rendering: the CSP admits only the style block carrying it. */
  readonly nonce: string;
  /** How to show `report.file` (the server answers with a URI); defaults to the file as given. */
  readonly fileLabel?: string;
}

/** Chart colours from the theme, with VS Code's dark defaults as fallbacks; red last, as it reads as an error. */
const PALETTE = [
  'var(--vscode-charts-blue, #3794ff)',
  'var(--vscode-charts-orange, #d18616)',
  'var(--vscode-charts-green, #89d185)',
  'var(--vscode-charts-purple, #b180d7)',
  'var(--vscode-charts-yellow, #cca700)',
  'var(--vscode-charts-red, #f14c4c)',
];

/** The full page for one balancer. */
export function renderSchedule(report: BalancerReport, options: ViewOptions): string {
  const letters = new Map(report.members.map((member, index) => [member.url, memberLetter(index)]));
  const colourOf = new Map(report.members.map((member, index) => [member.url, index % PALETTE.length]));
  const cycle = report.cycleLength ?? 0;
  const shown = report.picks.slice(0, Math.min(TIMELINE_CAP, cycle > 0 ? cycle : report.picks.length));
  const widths = report.members.map((member) => percent(member.share ?? 0));
  const body = [
    `<header><h1>${escape(report.name)}</h1><p class="meta">${escape(`${options.fileLabel ?? report.file}:${report.line}`)} · ${escape(report.lbmethod)}${report.scope && report.scope !== 'main' ? ` · virtual host at line ${escape(report.scope.replace(/^vhost:/, ''))}` : ''}</p>`,
    `<p class="summary">${escape(summary(report))}</p></header>`,
    timeline(report, shown, letters, colourOf),
    shares(report, letters, colourOf),
    report.notes.length > 0
      ? `<section><h2>Notes</h2><ul class="notes">${report.notes.map((note) => `<li>${escape(note)}</li>`).join('')}</ul></section>`
      : '',
  ].join('\n');
  const dynamic = widths.map((width, index) => `.w${index}{width:${width}}`).join('');
  return page(report.name, body, `${STYLE}${dynamic}`, options);
}

/** A page that only says something: unknown balancer, server not ready, request failed. */
export function renderMessage(title: string, message: string, options: ViewOptions): string {
  return page(title, `<header><h1>${escape(title)}</h1></header><p class="message">${escape(message)}</p>`, STYLE, options);
}

/** A zero share explained in a few words: the same words as hovers and the CLI. */
export function describeReason(member: MemberReport, tier: number | null): string {
  return member.reason === null ? '' : explainIdle(member.reason, member.lbset, tier ?? undefined);
}

function summary(report: BalancerReport): string {
  if (report.refused)
    return `Apache refuses this balancer (line ${report.refused.line}: ${report.refused.message}): no schedule until it is fixed`;
  if (report.members.length === 0) return 'no members: every request gets 503 (AH01171)';
  if (report.tier === null) return 'no usable member: every request gets 503 (AH01170)';
  if (!report.simulated) return `lbset ${report.tier} serves every request · ${report.lbmethod} has no fixed order to preview`;
  const cycle = report.cycleLength ?? 0;
  return `lbset ${report.tier} serves every request · cycle of ${cycle} pick${cycle === 1 ? '' : 's'}`;
}

function timeline(
  report: BalancerReport,
  shown: readonly (string | null)[],
  letters: Map<string, string>,
  colourOf: Map<string, number>,
): string {
  if (shown.length === 0) return '';
  const cycle = report.cycleLength ?? 0;
  const caption =
    cycle > shown.length
      ? `the first ${shown.length} of a ${cycle}-pick cycle`
      : `one full cycle: ${shown.length} pick${shown.length === 1 ? '' : 's'}, then it repeats`;
  const cells = shown.map((url, index) => {
    if (url === null) return `<li class="pick none" title="request ${index + 1}: 503, no usable member">–</li>`;
    return `<li class="pick c${colourOf.get(url) ?? 0}" title="request ${index + 1}: ${escape(url)}">${escape(letters.get(url) ?? '?')}</li>`;
  });
  return `<section><h2>Schedule</h2><p class="caption">${escape(caption)}</p><ol class="timeline" aria-label="picks in order">${cells.join('')}</ol></section>`;
}

function shares(report: BalancerReport, letters: Map<string, string>, colourOf: Map<string, number>): string {
  if (report.members.length === 0) return '';
  const perCycle = (member: MemberReport): string => {
    const cycle = report.cycleLength ?? 0;
    return member.share !== null && member.share > 0 && cycle > 0 ? `${Math.round(member.share * cycle)} of every ${cycle}` : '';
  };
  const rows = report.members.map((member, index) => {
    const letter = escape(letters.get(member.url) ?? '?');
    const who = `<td class="letter"><span class="chip c${colourOf.get(member.url) ?? 0}">${letter}</span></td><td class="url">${escape(member.url)}</td><td class="line">line ${member.line}</td>`;
    if (member.refused !== null) {
      return `<tr class="refused">${who}<td class="pct">—</td><td class="detail" colspan="2">refused: ${escape(member.refused.message)}</td></tr>`;
    }
    if (report.refused) return `<tr>${who}<td class="pct">—</td><td class="detail" colspan="2">no schedule</td></tr>`;
    if (member.reason !== null) {
      return `<tr class="idle">${who}<td class="pct">0.0%</td><td class="detail" colspan="2">${escape(describeReason(member, report.tier))}</td></tr>`;
    }
    if (member.share === null) {
      return `<tr>${who}<td class="pct">—</td><td class="detail" colspan="2">candidate${member.role === 'active' ? '' : ` (${member.role})`}</td></tr>`;
    }
    const role = member.role === 'active' ? '' : ` (${member.role})`;
    return `<tr>${who}<td class="pct">${percent(member.share)}</td><td class="bar"><div class="track"><div class="fill c${colourOf.get(member.url) ?? 0} w${index}"></div></div></td><td class="detail count">${escape(perCycle(member) + role)}</td></tr>`;
  });
  return `<section><h2>Shares</h2><table class="shares"><tbody>${rows.join('')}</tbody></table></section>`;
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

function page(title: string, body: string, style: string, { nonce }: ViewOptions): string {
  const csp = `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'none'; script-src 'none'; font-src 'none'; connect-src 'none'; frame-src 'none'; form-action 'none'; base-uri 'none'`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escape(title)}</title>
<style nonce="${escape(nonce)}">${style}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** HTML-escapes text for element content and double-quoted attributes. */
export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

const STYLE = `
body{font-family:var(--vscode-font-family);font-size:var(--vscode-font-size);color:var(--vscode-foreground);background:var(--vscode-editor-background);padding:0 20px 20px;line-height:1.4}
h1{font-size:1.4em;font-weight:600;margin:16px 0 4px;font-family:var(--vscode-editor-font-family)}
h2{font-size:1.05em;font-weight:600;margin:20px 0 6px}
.meta,.caption,.line{color:var(--vscode-descriptionForeground)}
.meta,.summary,.caption{margin:2px 0}
.timeline{list-style:none;display:flex;flex-wrap:wrap;gap:2px;padding:0;margin:6px 0}
.pick{width:1.7em;height:1.7em;line-height:1.7em;text-align:center;border-radius:3px;font-family:var(--vscode-editor-font-family);font-weight:600;color:var(--vscode-editor-background)}
.pick.none{background:transparent;color:var(--vscode-errorForeground);border:1px dashed var(--vscode-errorForeground);box-sizing:border-box}
.shares{border-collapse:collapse;width:100%;max-width:900px}
.shares td{padding:3px 10px 3px 0;vertical-align:middle}
.letter,.url,.line,.pct,.count{white-space:nowrap;width:1%}
.bar{min-width:80px}
.chip{display:inline-block;min-width:1.5em;padding:0 3px;text-align:center;border-radius:3px;font-family:var(--vscode-editor-font-family);font-weight:600;color:var(--vscode-editor-background)}
.url{font-family:var(--vscode-editor-font-family)}
.line{font-size:.9em}
.pct{text-align:right;font-variant-numeric:tabular-nums;font-weight:600;min-width:4em}
.track{width:100%;height:.9em;background:var(--vscode-editorWidget-background,rgba(128,128,128,.15));border:1px solid var(--vscode-widget-border,rgba(128,128,128,.35));border-radius:2px}
.fill{height:100%}
.idle .detail,.idle .url,.idle .pct{color:var(--vscode-descriptionForeground)}
.notes{margin:4px 0;padding-left:20px;color:var(--vscode-descriptionForeground)}
.message{color:var(--vscode-descriptionForeground)}
${PALETTE.map((colour, index) => `.c${index}{background:${colour}}`).join('\n')}
`;
