/** `schedule --format html`: one self-contained page (no external resource) with the chart and a table per balancer. */
import type { BalancerReport } from './schedule-report';
import { percent } from '../features/share-text';
import { describeFacts } from './diff-words';
import { escapeMarkup } from '../markup';
import { scheduleSvg } from './svg';
import { balancerFacts } from './traffic-diff';

const STYLE = `
:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",sans-serif}
body{margin:2rem auto;max-width:60rem;padding:0 1rem;line-height:1.45}
table{border-collapse:collapse;margin:.5rem 0 1.5rem}th,td{padding:.25rem .75rem;text-align:left;border-bottom:1px solid #8884}
td.share{text-align:right;font-variant-numeric:tabular-nums}.muted{opacity:.75}figure{margin:1rem 0}`;

/** Renders the page; `title` names the file the schedule is of. */
export function scheduleHtml(reports: readonly BalancerReport[], title: string): string {
  const sections = reports.map((report) => {
    const rows = report.members.map((member) => {
      const why = member.refused ? `refused by Apache: ${member.refused.message}` : (member.explanation ?? '');
      return `<tr><td>${member.letter}</td><td>${escapeMarkup(member.url)}</td><td>${member.lbfactor / 100}</td><td>${member.lbset}</td><td class="share">${member.share === null ? '—' : percent(member.share)}</td><td class="muted">${escapeMarkup(why)}</td></tr>`;
    });
    const notes = [...(report.refused ? [`Apache refuses this balancer: ${report.refused.message}`] : []), ...report.notes];
    return [
      `<h2>${escapeMarkup(report.name)}</h2>`,
      `<p class="muted">${escapeMarkup(`${report.file}:${report.line} · ${describeFacts(balancerFacts(report))}`)}</p>`,
      '<table><thead><tr><th></th><th>member</th><th>loadfactor</th><th>lbset</th><th>share</th><th></th></tr></thead><tbody>',
      ...rows,
      '</tbody></table>',
      ...notes.map((note) => `<p class="muted">${escapeMarkup(note)}</p>`),
    ].join('\n');
  });
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>Balancer Lens: ${escapeMarkup(title)}</title><style>${STYLE}</style></head><body>`,
    `<h1>Balancer schedules of ${escapeMarkup(title)}</h1>`,
    `<figure>${scheduleSvg(reports, title).replace(/^<svg /, '<svg style="max-width:100%;height:auto" ')}</figure>`,
    ...sections,
    '</body></html>',
    '',
  ].join('\n');
}
