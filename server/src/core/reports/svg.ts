/**
 * Self-contained SVG charts: `schedule --format svg` (each balancer's shares and first picks) and
 * `diff --format svg` (shares before and after, side by side, and both pick timelines). No external
 * resources; colours come from an embedded style that follows `prefers-color-scheme`, so the same
 * file reads in a light and a dark README or pull request.
 */
import { changeTitle, describeFacts, factLines, memberLetters, memberNote, routeWords, shareWords, unchangedWords } from './diff-words';
import { percent } from '../features/share-text';
import type { BalancerReport } from './schedule-report';
import { balancerFacts, TrafficDiff } from './traffic-diff';
import { escapeMarkup } from '../markup';

/** One member's row: its share after (and before, in a diff), the share in words, and a note below. */
interface Row {
  readonly letter: string;
  readonly label: string;
  readonly shares: string;
  /** Absent in a schedule chart; null where the member had no share (not there, refused, not simulated). */
  readonly before?: number | null;
  readonly after: number | null;
  readonly note: string;
}

/** One block of the chart: a balancer. */
interface Block {
  readonly title: string;
  readonly lines: readonly string[];
  readonly rows: readonly Row[];
  readonly timelines: readonly { readonly label: string; readonly picks: readonly (string | null)[] }[];
}

const WIDTH = 760;
const LABEL_WIDTH = 250;
const BAR_WIDTH = 260;
const CELL = 14;
const TIMELINE_CAP = 28;
/** Characters per line that fit the chart's width: bold 15px titles, 13px text (sans-serif, about 0.55em a character). */
const TITLE_COLUMNS = 76;
const TEXT_COLUMNS = 96;
const PALETTE_SIZE = 8;

const STYLE = `
text{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;font-size:13px;fill:#1f2328}
.bg{fill:#ffffff}.title{font-size:15px;font-weight:600}.muted{fill:#59636e}.track{fill:#eaeef2}.before{fill:#8c959f}
.m0{fill:#0969da}.m1{fill:#bf3989}.m2{fill:#1a7f37}.m3{fill:#9a6700}.m4{fill:#8250df}.m5{fill:#cf222e}.m6{fill:#0a7d8c}.m7{fill:#bc4c00}.none{fill:#cf222e}
.cell{font-size:10px;fill:#ffffff;text-anchor:middle}.note{font-size:12px}
@media (prefers-color-scheme:dark){
text{fill:#e6edf3}.bg{fill:#0d1117}.muted{fill:#9198a1}.track{fill:#262c36}.before{fill:#6e7681}
.m0{fill:#4493f8}.m1{fill:#db61a2}.m2{fill:#3fb950}.m3{fill:#d29922}.m4{fill:#ab7df8}.m5{fill:#f85149}.m6{fill:#39c5cf}.m7{fill:#db6d28}.none{fill:#f85149}
.cell{fill:#0d1117}}`;

/** `schedule --format svg`: each balancer's shares and its first picks. */
export function scheduleSvg(reports: readonly BalancerReport[], title: string): string {
  const blocks = reports.map((report): Block => {
    const letters = new Map(report.members.map((member) => [member.url, member.letter] as const));
    const status = describeFacts(balancerFacts(report));
    return {
      title: report.name,
      lines: [`${report.file}:${report.line} · ${status}`],
      rows: report.members.map((member) => ({
        letter: member.letter,
        label: member.url,
        after: member.share,
        shares: member.share === null ? '—' : percent(member.share),
        note: member.refused ? 'refused by Apache' : (member.explanation ?? ''),
      })),
      timelines:
        report.picks.length > 0
          ? [{ label: 'first picks', picks: report.picks.map((url) => (url === null ? null : (letters.get(url) ?? null))) }]
          : [],
    };
  });
  return chart(title, blocks, reports.length === 0 ? 'no balancers' : '');
}

/** `diff --format svg`: every changed balancer's shares before and after, and both pick timelines. */
export function diffSvg(diff: TrafficDiff, titles: readonly [string, string]): string {
  const blocks = diff.balancers.map((change): Block => {
    const letters = memberLetters(change);
    const picks = (list: readonly (string | null)[]): (string | null)[] =>
      list.map((url) => (url === null ? null : (letters.get(url) ?? null)));
    const timelines = [
      ...(change.kind !== 'added' && change.before.picks.length > 0 ? [{ label: 'picks before', picks: picks(change.before.picks) }] : []),
      ...(change.kind !== 'removed' && change.after.picks.length > 0 ? [{ label: 'picks after', picks: picks(change.after.picks) }] : []),
    ];
    return {
      title: changeTitle(change),
      lines: factLines(change, false),
      rows: change.members.map((member) => ({
        letter: letters.get(member.url)!,
        label: member.url,
        before: member.before?.share ?? null,
        after: member.after?.share ?? null,
        shares: shareWords(member),
        note: memberNote(member, change),
      })),
      timelines,
    };
  });
  const footer = [
    ...diff.routes.map((route) => `route ${routeWords(route)}`),
    ...diff.newRefusals.map((refusal) => `Apache refuses ${refusal.file}:${refusal.line}: ${refusal.message}`),
    unchangedWords(diff),
  ];
  return chart(`${titles[0]} → ${titles[1]}`, blocks, footer.join('\n'));
}

/** Lays the blocks out top to bottom and returns the SVG document. */
function chart(title: string, blocks: readonly Block[], footer: string): string {
  const body: string[] = [];
  let y = 10;
  // Long lines wrap at word boundaries: an SVG cuts text off at its edge.
  const say = (x: number, step: number, content: string, className: string, columns: number): void => {
    for (const line of wrap(content, columns)) {
      y += step;
      body.push(text(x, y, line, className));
    }
  };
  say(16, 18, title, 'title', TITLE_COLUMNS);
  y += 14;
  for (const block of blocks) {
    y += 6;
    say(16, 18, block.title, 'title', TITLE_COLUMNS);
    for (const line of block.lines) say(16, 18, line, 'muted', TEXT_COLUMNS);
    y += 8;
    for (const [index, row] of block.rows.entries()) {
      const isDiff = row.before !== undefined;
      const height = isDiff ? 30 : 22;
      const colour = `m${index % PALETTE_SIZE}`;
      body.push(text(16, y + 15, `${row.letter}  ${clip(row.label, 34)}`));
      const x = 16 + LABEL_WIDTH;
      if (isDiff) {
        body.push(bar(x, y + 3, 8, row.before ?? 0, 'before'));
        body.push(bar(x, y + 14, 12, row.after ?? 0, colour));
      } else body.push(bar(x, y + 5, 12, row.after ?? 0, colour));
      body.push(text(x + BAR_WIDTH + 10, y + 15, row.shares));
      y += height;
      if (row.note) {
        y -= 8;
        say(32, 16, row.note, 'muted note', TEXT_COLUMNS);
        y += 8;
      }
    }
    for (const timeline of block.timelines) {
      y += 6;
      body.push(text(16, y + 11, timeline.label, 'muted'));
      timeline.picks.slice(0, TIMELINE_CAP).forEach((letter, index) => {
        const x = 16 + LABEL_WIDTH + index * (CELL + 2);
        const position = letter === null ? -1 : letterIndex(letter);
        body.push(
          `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" rx="2" class="${position < 0 ? 'none' : `m${position % PALETTE_SIZE}`}"/>`,
        );
        body.push(`<text x="${x + CELL / 2}" y="${y + 10.5}" class="cell">${escapeMarkup(letter === null ? '×' : letter)}</text>`);
      });
      if (timeline.picks.length > TIMELINE_CAP) body.push(text(16 + LABEL_WIDTH + TIMELINE_CAP * (CELL + 2) + 4, y + 11, '…', 'muted'));
      y += CELL + 4;
    }
  }
  if (footer !== '') y += 4;
  for (const line of footer.split('\n').filter(Boolean)) say(16, 18, line, 'muted', TEXT_COLUMNS);
  const height = y + 20;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img">`,
    `<title>${escapeMarkup(title)}</title>`,
    `<style>${STYLE}</style>`,
    `<rect class="bg" width="100%" height="100%"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

function bar(x: number, y: number, height: number, share: number, colour: string): string {
  const filled = Math.max(share > 0 ? 1 : 0, Math.round(share * BAR_WIDTH));
  return `<rect x="${x}" y="${y}" width="${BAR_WIDTH}" height="${height}" rx="2" class="track"/><rect x="${x}" y="${y}" width="${filled}" height="${height}" rx="2" class="${colour}"/>`;
}

/** The 0-based position of a member letter (a → 0, aa → 26). */
function letterIndex(letter: string): number {
  let n = 0;
  for (const char of letter) n = n * 26 + (char.charCodeAt(0) - 96);
  return n - 1;
}

function text(x: number, y: number, content: string, className = ''): string {
  return `<text x="${x}" y="${y}"${className ? ` class="${className}"` : ''}>${escapeMarkup(content)}</text>`;
}

/** Words into lines of at most `columns` characters; a longer word is cut. */
function wrap(content: string, columns: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of content.split(' ')) {
    for (let rest = word; ;) {
      const joined = line === '' ? rest : `${line} ${rest}`;
      if (joined.length <= columns) {
        line = joined;
        break;
      }
      if (line !== '') {
        lines.push(line);
        line = '';
      } else {
        lines.push(rest.slice(0, columns));
        rest = rest.slice(columns);
        if (rest === '') break;
      }
    }
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

function clip(value: string, length: number): string {
  return value.length > length ? `${value.slice(0, length - 1)}…` : value;
}
