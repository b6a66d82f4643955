/**
 * The schedule panel's HTML: a pure function of one `balancerLens/schedule` answer (the JSON of
 * `balancer-lens schedule --format json`, plus the view's what-if and lbstatus steps), so it is
 * tested without VS Code. No scripts: links are command URIs the panel allows by name (reveal a
 * line, take a member down or bring it back, copy the CLI command), so everything works from the
 * keyboard. The only style block carries the nonce the Content-Security-Policy allows, and colours
 * come from the theme's CSS variables so the panel reads well in light, dark and high-contrast themes.
 */
import { escapeMarkup } from '../../server/src/core/markup';
import type { ScheduleAnswer, WhatIf } from '../../server/src/protocol';

/** At most this many picks are drawn on the timeline. */
export const TIMELINE_CAP = 200;
/** Requests per timeline row. */
export const ROW_LENGTH = 20;

/** The commands the panel's links run; the panel allows exactly these. */
export const PANEL_COMMANDS = {
  /** Args: file URI, 1-based line. */
  reveal: 'balancerLens.schedule.reveal',
  /** Args: member URL, `down` | `drain` | `up` | `reset` (undo this member's what-if) | `clear` (undo all). */
  whatIf: 'balancerLens.schedule.whatIf',
  /** No args: copies `balancer-lens schedule FILE --balancer NAME --down URL --drain URL --up URL…`. */
  copyCommand: 'balancerLens.schedule.copyCommand',
} as const;

/** A report as the panel gets it: the CLI's JSON, with the view's extras when the server sends them. */
export type PanelReport = Omit<ScheduleAnswer, 'whatIf' | 'steps' | 'live'> & Partial<Pick<ScheduleAnswer, 'whatIf' | 'steps' | 'live'>>;
type MemberReport = ScheduleAnswer['members'][number];

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

/** What a what-if did to a member, in the panel's words. */
const WHAT_IF_DONE = { down: 'taken down', drain: 'drained', up: 're-enabled' } as const;

/** Idle reasons an admin sets on purpose, which a what-if can undo. */
const KEPT_OUT = new Set(['disabled', 'stopped', 'draining', 'in-error', 'health-check-failed']);

/** The `balancer-lens schedule` command that shows what the panel shows, what-ifs included, as shell words. */
export function scheduleCommand(file: string, balancer: string, whatIf: readonly { url: string; action: WhatIf }[]): string {
  const words = ['balancer-lens', 'schedule', file, '--balancer', balancer];
  for (const { url, action } of whatIf) words.push(`--${action}`, url);
  return words.map(shellWord).join(' ');
}

/** A word for a POSIX shell: quoted unless it is plainly safe. */
function shellWord(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A link that runs one of PANEL_COMMANDS. */
function commandLink(command: string, args: readonly unknown[], label: string, title: string): string {
  return `<a href="command:${command}?${escapeMarkup(encodeURIComponent(JSON.stringify(args)))}" title="${escapeMarkup(title)}">${escapeMarkup(label)}</a>`;
}

/** The full page for one balancer. */
export function renderSchedule(report: PanelReport, options: ViewOptions): string {
  const letters = new Map(report.members.map((member) => [member.url, member.letter]));
  const colourOf = new Map(report.members.map((member, index) => [member.url, index % PALETTE.length]));
  const serving = !report.refused && report.tier !== null && (report.cycleLength ?? 0) > 0;
  const shown = serving ? report.picks.slice(0, Math.min(TIMELINE_CAP, report.cycleLength!)) : [];
  const widths = report.members.map((member) => percent(member.share ?? 0));
  const declared = `${options.fileLabel ?? report.file}:${report.line}`;
  const body = [
    `<header><h1>${escapeMarkup(report.name)}</h1><p class="meta">${commandLink(PANEL_COMMANDS.reveal, [report.file, report.line], declared, `Go to ${declared}`)} · ${escapeMarkup(report.lbmethod)}${report.scope && report.scope !== 'main' ? ` · virtual host at line ${escapeMarkup(report.scope.replace(/^vhost:/, ''))}` : ''}</p>`,
    summary(report),
    '</header>',
    whatIfBar(report, letters),
    shares(report, letters, colourOf),
    timeline(report, shown, letters, colourOf),
    lbstatus(report, letters),
    (report.live ?? []).length > 0
      ? `<section><h2>Live</h2><ul class="notes">${report.live!.map((line) => `<li>${escapeMarkup(line)}</li>`).join('')}</ul></section>`
      : '',
    report.notes.length > 0
      ? `<section><h2>Notes</h2><ul class="notes">${report.notes.map((note) => `<li>${escapeMarkup(note)}</li>`).join('')}</ul></section>`
      : '',
  ].join('\n');
  const dynamic = widths.map((width, index) => `.w${index}{width:${width}}`).join('');
  return page(report.name, body, `${STYLE}${dynamic}`, options);
}

/** A page that only says something: unknown balancer, server not ready, request failed. */
export function renderMessage(title: string, message: string, options: ViewOptions): string {
  return page(title, `<header><h1>${escapeMarkup(title)}</h1></header><p class="message">${escapeMarkup(message)}</p>`, STYLE, options);
}

function summary(report: PanelReport): string {
  if (report.refused)
    return alert(`Apache refuses this balancer (line ${report.refused.line}: ${report.refused.message}): no schedule until it is fixed`);
  if (report.members.length === 0) return alert('every request gets 503: this balancer has no members (AH01171)');
  if (report.tier === null)
    return alert('every request gets 503: no member can take a request (AH01170). Re-enable a member below to see what it would do.');
  if (!report.simulated)
    return `<p class="summary">lbset ${report.tier} serves every request · ${escapeMarkup(report.lbmethod)} has no fixed order to preview</p>`;
  const cycle = report.cycleLength ?? 0;
  return `<p class="summary">lbset ${report.tier} serves every request · cycle of ${plural(cycle, 'pick')}</p>`;
}

function alert(text: string): string {
  return `<p class="alert" role="alert">${escapeMarkup(text)}</p>`;
}

/** What the what-if changed, with links to undo it and to copy the equivalent CLI command. */
function whatIfBar(report: PanelReport, letters: Map<string, string>): string {
  const whatIf = report.whatIf ?? [];
  if (whatIf.length === 0) return '';
  const changes = whatIf.map(({ url, action }) => `${letters.get(url) ?? '?'} ${WHAT_IF_DONE[action]}`);
  const links = [
    commandLink(PANEL_COMMANDS.whatIf, ['', 'clear'], 'Reset', 'Back to the configuration as written'),
    commandLink(
      PANEL_COMMANDS.copyCommand,
      [],
      'Copy command',
      'Copy the balancer-lens schedule command, with --down, --drain or --up for each what-if',
    ),
  ];
  return `<p class="whatif"><strong>What if:</strong> ${escapeMarkup(changes.join(', '))} · ${links.join(' · ')}</p>`;
}

function shares(report: PanelReport, letters: Map<string, string>, colourOf: Map<string, number>): string {
  if (report.members.length === 0) return '';
  const cycle = report.cycleLength ?? 0;
  const changed = new Map((report.whatIf ?? []).map(({ url, action }) => [url, action]));
  const rows = report.members.map((member, index) => {
    const isActive = member.share !== null && member.share > 0;
    const chip = `<span class="chip ${isActive ? `c${colourOf.get(member.url) ?? 0}` : 'off'}">${escapeMarkup(letters.get(member.url) ?? '?')}</span>`;
    const line = commandLink(
      PANEL_COMMANDS.reveal,
      [member.file ?? report.file, member.line],
      `line ${member.line}`,
      `Go to this BalancerMember`,
    );
    const cells = [
      `<td class="letter">${chip}</td>`,
      // The what-if links sit under the URL, so a narrow panel shows them without scrolling.
      `<td class="member"><span class="url">${escapeMarkup(member.url)}</span><span class="actions">${action(report, member, changed.get(member.url))}</span></td>`,
      `<td class="line">${line}</td>`,
      `<td class="num lf">${escapeMarkup(loadfactorText(member))}</td>`,
      `<td class="num lbset">${member.lbset}</td>`,
      `<td class="role">${member.role === 'active' ? '' : escapeMarkup(member.role)}</td>`,
    ];
    let share: string;
    if (member.refused !== null)
      share = `<td class="pct">—</td><td class="detail wide" colspan="2">refused: ${escapeMarkup(member.refused.message)}</td>`;
    else if (report.refused) share = `<td class="pct">—</td><td class="detail wide" colspan="2">no schedule</td>`;
    else if (member.reason !== null)
      share = `<td class="pct">0.0%</td><td class="detail wide" colspan="2">${escapeMarkup(whatIfReason(changed.get(member.url)) ?? member.explanation ?? '')}</td>`;
    else if (member.share === null) share = `<td class="pct">—</td><td class="detail wide" colspan="2">candidate</td>`;
    else
      share = `<td class="pct">${percent(member.share)}</td><td class="bar"><div class="track"><div class="fill c${colourOf.get(member.url) ?? 0} w${index}"></div></div></td><td class="detail">${cycle > 0 ? escapeMarkup(`${Math.round(member.share * cycle)} of every ${cycle}`) : ''}</td>`;
    return `<tr class="${isActive ? '' : 'idle'}">${cells.join('')}${share}</tr>`;
  });
  const head =
    '<thead><tr><th></th><th scope="col">member</th><th scope="col">declared</th><th scope="col" class="num">loadfactor</th><th scope="col" class="num">lbset</th><th scope="col">role</th><th scope="col" class="pct">share</th><th colspan="2"></th></tr></thead>';
  return `<section><h2>Shares</h2><table class="shares">${head}<tbody>${rows.join('')}</tbody></table></section>`;
}

/** Why a member the what-if changed is idle, when the what-if is the reason. */
function whatIfReason(changed: WhatIf | undefined): string | undefined {
  if (changed === 'down') return 'taken down (what if)';
  if (changed === 'drain') return 'drained (what if): only sticky sessions already routed to it';
  return undefined;
}

/** The what-if links of a member: undo its what-if, bring back a member kept out on purpose, or take it down or drain it. */
function action(report: PanelReport, member: MemberReport, changed: WhatIf | undefined): string {
  if (report.refused || member.refused !== null) return '';
  const { letter } = member;
  if (changed) return commandLink(PANEL_COMMANDS.whatIf, [member.url, 'reset'], 'undo', `Undo the what-if on ${letter}`);
  if (member.reason !== null && KEPT_OUT.has(member.reason))
    return commandLink(PANEL_COMMANDS.whatIf, [member.url, 'up'], 're-enable', `What if ${letter} were back in service`);
  return [
    commandLink(PANEL_COMMANDS.whatIf, [member.url, 'down'], 'take down', `What if ${letter} failed: who takes over`),
    commandLink(
      PANEL_COMMANDS.whatIf,
      [member.url, 'drain'],
      'drain',
      `What if ${letter} were drained (status N): new requests go elsewhere`,
    ),
  ].join(' · ');
}

/** The loadfactor as written, with the value Apache stores beside it when that differs (`1.15 → 1.14`). */
function loadfactorText(member: MemberReport): string {
  const stored = String(member.lbfactor / 100);
  if (member.loadfactor === null) return stored;
  return Math.abs(Number(member.loadfactor) * 100 - member.lbfactor) < 1e-9 ? member.loadfactor : `${member.loadfactor} → ${stored}`;
}

function timeline(
  report: PanelReport,
  shown: readonly (string | null)[],
  letters: Map<string, string>,
  colourOf: Map<string, number>,
): string {
  if (shown.length === 0) return '';
  const cycle = report.cycleLength ?? 0;
  const caption =
    cycle > shown.length
      ? `the first ${shown.length} of a ${cycle}-pick cycle`
      : `one full cycle: ${plural(shown.length, 'pick')}, then it repeats`;
  const columns = Math.min(ROW_LENGTH, shown.length);
  const head = `<thead><tr><th scope="col">requests</th>${Array.from({ length: columns }, (_, column) => `<th scope="col">${column + 1}</th>`).join('')}</tr></thead>`;
  const rows: string[] = [];
  for (let start = 0; start < shown.length; start += ROW_LENGTH) {
    const cells = shown.slice(start, start + ROW_LENGTH).map((url, offset) => {
      const request = start + offset + 1;
      if (url === null) return `<td class="pick none" title="request ${request}: 503, no usable member">–</td>`;
      return `<td class="pick c${colourOf.get(url) ?? 0}" title="request ${request}: ${escapeMarkup(url)}">${escapeMarkup(letters.get(url) ?? '?')}</td>`;
    });
    const end = Math.min(shown.length, start + ROW_LENGTH);
    rows.push(`<tr><th scope="row">${start + 1}–${end}</th>${cells.join('')}</tr>`);
  }
  const used = report.members.filter((member) => shown.includes(member.url));
  const legend = used
    .map(
      (member) =>
        `<span class="key"><span class="chip c${colourOf.get(member.url) ?? 0}">${escapeMarkup(letters.get(member.url) ?? '?')}</span> ${escapeMarkup(member.url)}</span>`,
    )
    .join('');
  return `<section><h2>Timeline</h2><p class="caption">${escapeMarkup(caption)}</p><p class="legend">${legend}</p><table class="timeline" aria-label="member chosen for each request, in order">${head}<tbody>${rows.join('')}</tbody></table></section>`;
}

/** Apache's own counters after each pick of a short cycle, as the mod_proxy_balancer manual tables them. */
function lbstatus(report: PanelReport, letters: Map<string, string>): string {
  const steps = report.steps;
  if (!steps || steps.rows.length === 0) return '';
  const head = `<tr><th scope="col">request</th><th scope="col">pick</th>${steps.candidates.map((url) => `<th scope="col" class="num">${escapeMarkup(letters.get(url) ?? '?')}</th>`).join('')}</tr>`;
  const rows = steps.rows.map(
    (row, index) =>
      `<tr><th scope="row">${index + 1}</th><td>${escapeMarkup(letters.get(row.pick) ?? '?')}</td>${row.lbstatus.map((value) => `<td class="num">${value}</td>`).join('')}</tr>`,
  );
  return `<section><details><summary>lbstatus after each pick of one cycle (Apache's counters: loadfactor × 100 added to each candidate, the total taken from the pick)</summary><table class="lbstatus"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table></details></section>`;
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function page(title: string, body: string, style: string, { nonce }: ViewOptions): string {
  const csp = `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'none'; script-src 'none'; font-src 'none'; connect-src 'none'; frame-src 'none'; form-action 'none'; base-uri 'none'`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeMarkup(title)}</title>
<style nonce="${escapeMarkup(nonce)}">${style}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * Below the width the share table needs, each member's row wraps like text: the letter hangs in the
 * margin, the URL and the share come first, the declaration, loadfactor, lbset and role flow on the
 * next line, and the bar with "7 of every 10" or why the member gets nothing sits beside the share
 * (medium) or on a line of its own (narrow). Below 600 px the timeline's rows of 20 requests wrap
 * in two lines of 10. So a panel beside an editor, 360 px and up, never scrolls sideways.
 */
const REFLOW = `
@media (max-width:799px){
.shares,.shares tbody{display:block}
.shares thead{display:none}
.shares tr{display:flex;flex-wrap:wrap;align-items:center;gap:2px 10px;padding:6px 0 6px 2.8em;border-bottom:1px solid var(--vscode-widget-border,rgba(128,128,128,.25))}
.shares tr::before{content:"";order:2;flex:0 0 100%}
.shares td{display:block;padding:0;width:auto;min-width:0}
.shares .letter{order:1;flex:0 0 calc(2.8em - 10px);margin-left:-2.8em;align-self:flex-start}
.shares .member{order:1;flex:1 1 0}
.shares .pct{order:1;flex:0 0 4em}
.shares .bar{order:1;flex:0 0 18%}
.shares .detail{order:1;flex:0 0 28%}
.shares .detail.wide{flex-basis:calc(46% + 10px)}
.shares .line,.shares .num,.shares .role{order:3;flex:0 0 auto}
.lf::before{content:"loadfactor "}
.lbset::before{content:"lbset "}
}
@media (max-width:519px){
body{padding:0 12px 12px}
.shares tr::after{content:"";order:4;flex:0 0 100%}
.shares .bar{order:5;flex:1 1 6em}
.shares .detail{order:5;flex:0 1 auto}
.shares .detail.wide{flex:1 1 100%}
.key{white-space:normal;overflow-wrap:anywhere}
}
@media (max-width:599px){
.timeline,.timeline tbody{display:block}
.timeline thead{display:none}
.timeline tr{display:flex;flex-wrap:wrap;gap:2px;margin-bottom:6px;max-width:calc(17em + 19px)}
.timeline th[scope=row]{flex:0 0 100%;text-align:left;padding:0}
.pick{display:block;flex:0 0 1.7em;padding:0;line-height:1.7em}
}
`;

const STYLE = `
body{font-family:var(--vscode-font-family);font-size:var(--vscode-font-size);color:var(--vscode-foreground);background:var(--vscode-editor-background);padding:0 20px 20px;line-height:1.4;overflow-wrap:break-word}
h1{font-size:1.4em;font-weight:600;margin:16px 0 4px;font-family:var(--vscode-editor-font-family)}
h2{font-size:1.05em;font-weight:600;margin:20px 0 6px}
a{color:var(--vscode-textLink-foreground)}
a:focus{outline:1px solid var(--vscode-focusBorder);outline-offset:1px}
.meta,.caption,.line,th{color:var(--vscode-descriptionForeground)}
th{font-weight:normal;text-align:left}
.meta,.summary,.caption{margin:2px 0}
.alert{margin:8px 0;padding:6px 10px;border-left:3px solid var(--vscode-editorWarning-foreground,#cca700);background:var(--vscode-inputValidation-warningBackground,rgba(204,167,0,.1))}
.whatif{margin:8px 0;padding:6px 10px;border-left:3px solid var(--vscode-focusBorder,#007fd4)}
.timeline{border-collapse:separate;border-spacing:2px}
.timeline th{font-size:.85em;text-align:center;font-variant-numeric:tabular-nums}
.timeline th[scope=row]{text-align:right;padding-right:6px;white-space:nowrap}
.pick{width:1.7em;height:1.7em;text-align:center;border-radius:3px;font-family:var(--vscode-editor-font-family);font-weight:600;color:var(--vscode-editor-background)}
.pick.none{background:transparent;color:var(--vscode-errorForeground);border:1px dashed var(--vscode-errorForeground)}
.legend{display:flex;flex-wrap:wrap;gap:4px 14px;margin:4px 0}
.key{white-space:nowrap;font-family:var(--vscode-editor-font-family)}
.shares,.lbstatus{border-collapse:collapse}
.shares{width:100%;max-width:1100px}
.shares td,.shares th{padding:3px 10px 3px 0;vertical-align:middle}
.lbstatus td,.lbstatus th{padding:1px 8px;font-variant-numeric:tabular-nums}
.lbstatus{display:block;max-width:100%;overflow-x:auto}
.letter,.line,.pct,.num{white-space:nowrap;width:1%}
.member{min-width:13em}
.actions{display:block;font-size:.85em}
.detail{min-width:10em}
.num{text-align:right;font-variant-numeric:tabular-nums}
.bar{min-width:80px}
.chip{display:inline-block;min-width:1.5em;padding:0 3px;text-align:center;border-radius:3px;font-family:var(--vscode-editor-font-family);font-weight:600;color:var(--vscode-editor-background)}
.chip.off{background:transparent;color:var(--vscode-descriptionForeground);border:1px solid var(--vscode-descriptionForeground)}
.url{font-family:var(--vscode-editor-font-family);overflow-wrap:anywhere}
.line{font-size:.9em}
.pct{text-align:right;font-variant-numeric:tabular-nums;font-weight:600;min-width:4em}
.track{width:100%;height:.9em;background:var(--vscode-editorWidget-background,rgba(128,128,128,.15));border:1px solid var(--vscode-widget-border,rgba(128,128,128,.35));border-radius:2px}
.fill{height:100%}
.idle .detail,.idle .url,.idle .pct{color:var(--vscode-descriptionForeground)}
details summary{cursor:pointer;color:var(--vscode-descriptionForeground)}
.notes{margin:4px 0;padding-left:20px;color:var(--vscode-descriptionForeground)}
.message{color:var(--vscode-descriptionForeground)}
${PALETTE.map((colour, index) => `.c${index}{background:${colour}}`).join('\n')}
${REFLOW}`;
