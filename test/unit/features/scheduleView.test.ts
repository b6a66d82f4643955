/** The schedule panel's HTML (client/src/scheduleView.ts), from real `schedule --format json` answers. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  PANEL_COMMANDS,
  PanelReport,
  renderMessage,
  renderSchedule,
  scheduleCommand,
  TIMELINE_CAP,
} from '../../../client/src/scheduleView';
import { assembleSet } from '../../../server/src/core/config-set';
import { balancerReport, BalancerReport } from '../../../server/src/core/reports/schedule-report';
import type { IdleReason } from '../../../server/src/core/scheduler/byrequests';

const golden = JSON.parse(readFileSync(join(__dirname, '../../golden/schedule-shop.json'), 'utf8')) as { balancers: BalancerReport[] };
const shop = golden.balancers.find((balancer) => balancer.name === 'balancer://shop')!;
const api = golden.balancers.find((balancer) => balancer.name === 'balancer://api')!;
const NONCE = 'bm9uY2Utbm9uY2U=';

/** The text of every timeline cell, in order. */
function timelineCells(html: string): string[] {
  const timeline = /<table class="timeline"[^>]*>(.*?)<\/table>/s.exec(html)?.[1] ?? '';
  return [...timeline.matchAll(/<td [^>]*>(.*?)<\/td>/g)].map((match) => match[1]!);
}

/** The timeline's row labels. */
function timelineRows(html: string): string[] {
  const timeline = /<table class="timeline"[^>]*>(.*?)<\/table>/s.exec(html)?.[1] ?? '';
  return [...timeline.matchAll(/<th scope="row">(.*?)<\/th>/g)].map((match) => match[1]!);
}

/** The commands and arguments of the page's command links. */
function commands(html: string): [string, unknown[]][] {
  return [...html.matchAll(/href="command:([\w.]+)\?([^"]*)"/g)].map((match) => [
    match[1]!,
    JSON.parse(decodeURIComponent(match[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))) as unknown[],
  ]);
}

/** Visible text, roughly: tags dropped, entities of the escaper decoded. */
function text(html: string): string {
  const body = /<body>(.*)<\/body>/s.exec(html)?.[1] ?? '';
  return body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function withPicks(report: BalancerReport, count: number): BalancerReport {
  const cycle = report.picks.slice(0, report.cycleLength ?? report.picks.length);
  return { ...report, picks: Array.from({ length: count }, (_, index) => cycle[index % cycle.length]!) };
}

describe('schedule panel HTML', () => {
  it('shows one cycle as letters in pick order', () => {
    assert.deepEqual(timelineCells(renderSchedule(shop, { nonce: NONCE })).join(' '), 'a b a a a b a a b a');
  });

  it('shows each member with its share, its per-cycle count and why an idle member gets nothing', () => {
    const visible = text(renderSchedule(shop, { nonce: NONCE }));
    assert.match(visible, /a http:\/\/10\.0\.0\.1:8080 take down · drain line 4 70 0 70\.0% 7 of every 10/);
    assert.match(visible, /b http:\/\/10\.0\.0\.2:8080 take down · drain line 5 30 0 30\.0% 3 of every 10/);
    assert.match(
      visible,
      /c http:\/\/10\.0\.0\.3:8080 take down · drain line 6 1 0 standby 0\.0% standby \(idle\): used only when lbset 0 has no usable member/,
    );
    assert.match(visible, /lbset 0 serves every request · cycle of 10 picks/);
    assert.match(visible, /examples\/shop\.conf:3 · byrequests/);
    for (const note of shop.notes) assert.ok(visible.includes(note), note);
  });

  it('sizes the share bars from the style block, not from inline styles', () => {
    const html = renderSchedule(shop, { nonce: NONCE });
    assert.match(html, /\.w0\{width:70\.0%\}\.w1\{width:30\.0%\}\.w2\{width:0\.0%\}/);
    assert.doesNotMatch(html, /\sstyle=/);
  });

  it('allows nothing but its own style block: no scripts, no inline handlers, no remote content', () => {
    const html = renderSchedule(shop, { nonce: NONCE });
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, new RegExp(`style-src 'nonce-${NONCE}'`));
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|https?:/);
    assert.match(html, new RegExp(`<style nonce="${NONCE}">`));
    assert.equal(html.match(/<style/g)?.length, 1);
    assert.doesNotMatch(html, /<script|\son[a-z]+=|<img|<link|<iframe/i);
  });

  it('uses the theme colours', () => {
    const html = renderSchedule(shop, { nonce: NONCE });
    for (const variable of [
      '--vscode-foreground',
      '--vscode-editor-background',
      '--vscode-font-family',
      '--vscode-descriptionForeground',
      '--vscode-charts-blue',
    ]) {
      assert.ok(html.includes(`var(${variable}`), variable);
    }
  });

  it('numbers the timeline: rows of 20 requests, a column per position, each cell titled with its request', () => {
    const long = withPicks({ ...api, cycleLength: 343 }, 200);
    const html = renderSchedule(long, { nonce: NONCE });
    assert.deepEqual(timelineRows(html).slice(0, 3), ['1–20', '21–40', '41–60']);
    assert.equal(timelineRows(html).length, 10);
    assert.match(html, /<th scope="col">20<\/th><\/tr><\/thead>/);
    assert.match(html, /title="request 200: http:\/\/10\.0\.1\.\d:9000"/);
    assert.deepEqual(timelineRows(renderSchedule(shop, { nonce: NONCE })), ['1–10']);
  });

  it('shows each loadfactor as written and as Apache stores it, with lbset and role', () => {
    const visible = text(renderSchedule(api, { nonce: NONCE }));
    assert.match(visible, /a http:\/\/10\.0\.1\.1:9000 take down · drain line \d+ 1\.15 → 1\.14 0 /);
    assert.match(visible, /b http:\/\/10\.0\.1\.2:9000 take down · drain line \d+ 2\.3 → 2\.29 0 /);
  });

  it('draws idle members without their colour, and gives a legend of the members picked', () => {
    const html = renderSchedule(shop, { nonce: NONCE });
    assert.match(html, /<span class="chip off">c<\/span>/);
    assert.match(html, /<span class="chip c0">a<\/span>/);
    const legend = /<p class="legend">(.*?)<\/p>/s.exec(html)?.[1] ?? '';
    assert.match(text(`<body>${legend}</body>`), /^ ?a http:\/\/10\.0\.0\.1:8080 b http:\/\/10\.0\.0\.2:8080 ?$/);
  });

  it('links each declaration line to the editor and each member to a what-if', () => {
    const html = renderSchedule(shop, { nonce: NONCE });
    const links = commands(html);
    assert.deepEqual(links[0], [PANEL_COMMANDS.reveal, [shop.file, 3]]);
    assert.deepEqual(
      links.filter(([command]) => command === PANEL_COMMANDS.reveal).map(([, args]) => args[1]),
      [3, 4, 5, 6],
    );
    assert.deepEqual(
      links.filter(([command]) => command === PANEL_COMMANDS.whatIf).map(([, args]) => args),
      [
        ['http://10.0.0.1:8080', 'down'],
        ['http://10.0.0.1:8080', 'drain'],
        ['http://10.0.0.2:8080', 'down'],
        ['http://10.0.0.2:8080', 'drain'],
        ['http://10.0.0.3:8080', 'down'],
        ['http://10.0.0.3:8080', 'drain'],
      ],
    );
  });

  it('shows a what-if: what changed, undo and reset, and the CLI command to copy', () => {
    const whatIf: PanelReport = {
      ...shop,
      whatIf: [{ url: 'http://10.0.0.1:8080', action: 'down' }],
      members: shop.members.map((member, index) =>
        index === 0 ? { ...member, share: 0, reason: 'disabled' } : index === 1 ? { ...member, share: 1 } : member,
      ),
    };
    const html = renderSchedule(whatIf, { nonce: NONCE });
    assert.match(text(html), /What if: a taken down · Reset · Copy command/);
    assert.match(text(html), /a http:\/\/10\.0\.0\.1:8080 undo line 4 70 0 0\.0% taken down \(what if\)/);
    const links = commands(html).map(([command, args]) => `${command} ${JSON.stringify(args)}`);
    assert.ok(links.includes(`${PANEL_COMMANDS.whatIf} ["","clear"]`), links.join('\n'));
    assert.ok(links.includes(`${PANEL_COMMANDS.copyCommand} []`), links.join('\n'));
    assert.ok(links.includes(`${PANEL_COMMANDS.whatIf} ["http://10.0.0.1:8080","reset"]`), links.join('\n'));
  });

  it('says a member the what-if drained gets only the sticky sessions already routed to it', () => {
    const drained: PanelReport = {
      ...shop,
      whatIf: [{ url: 'http://10.0.0.2:8080', action: 'drain' }],
      members: shop.members.map((member, index) =>
        index === 1 ? { ...member, share: 0, reason: 'draining' } : index === 0 ? { ...member, share: 1 } : member,
      ),
    };
    const visible = text(renderSchedule(drained, { nonce: NONCE }));
    assert.match(visible, /What if: b drained · Reset · Copy command/, 'schedule --drain gives the same shares');
    assert.match(
      visible,
      /b http:\/\/10\.0\.0\.2:8080 undo line 5 30 0 0\.0% drained \(what if\): only sticky sessions already routed to it/,
    );
  });

  it('copies a command that carries every what-if, quoted for a shell', () => {
    const whatIf = [
      { url: 'http://a:1', action: 'down' as const },
      { url: 'http://b:1', action: 'drain' as const },
      { url: 'http://c:1', action: 'up' as const },
    ];
    assert.equal(
      scheduleCommand('sites enabled/shop.conf', 'balancer://shop', whatIf),
      "balancer-lens schedule 'sites enabled/shop.conf' --balancer balancer://shop --down http://a:1 --drain http://b:1 --up http://c:1",
    );
  });

  it("tables Apache's lbstatus counters of a short cycle, folded away", () => {
    const steps = {
      candidates: ['http://10.0.0.1:8080', 'http://10.0.0.2:8080'],
      rows: [{ pick: 'http://10.0.0.1:8080', lbstatus: [-3000, 3000] }],
    };
    const html = renderSchedule({ ...shop, steps }, { nonce: NONCE });
    assert.match(html, /<details><summary>lbstatus after each pick/);
    assert.match(text(html), /request pick a b 1 a -3000 3000/);
  });

  it('caps the timeline at one cycle, or at 200 picks for a longer cycle', () => {
    assert.equal(timelineCells(renderSchedule(withPicks(shop, 50), { nonce: NONCE })).length, 10);
    const long = withPicks({ ...api, cycleLength: 343 }, 400);
    const html = renderSchedule(long, { nonce: NONCE });
    assert.equal(timelineCells(html).length, TIMELINE_CAP);
    assert.match(text(html), /the first 200 of a 343-pick cycle/);
  });

  it('escapes everything that comes from the configuration', () => {
    const hostile: BalancerReport = {
      ...shop,
      name: 'balancer://<script>alert(1)</script>',
      file: '"><img src=x onerror=alert(1)>.conf',
      members: shop.members.map((member, index) => (index === 0 ? { ...member, url: 'http://a/<b>"x"' } : member)),
      picks: shop.picks.map((url) => (url === shop.members[0]!.url ? 'http://a/<b>"x"' : url)),
      notes: ['<i>note</i>'],
    };
    const html = renderSchedule(hostile, { nonce: NONCE });
    assert.doesNotMatch(html, /<script|<img|<b>|<i>/);
    assert.match(text(html), /balancer:\/\/<script>alert\(1\)<\/script>/);
    assert.match(text(html), /http:\/\/a\/<b>"x"/);
    assert.deepEqual(timelineCells(html).slice(0, 2), ['a', 'b']);
  });

  it('says when nothing can serve: every request gets 503, no grid of dashes, and a way to re-enable', () => {
    const down: BalancerReport = {
      ...shop,
      tier: null,
      cycleLength: 0,
      members: shop.members.map((member) => ({ ...member, share: 0, reason: 'disabled', explanation: 'disabled (status D)' })),
      picks: [null],
    };
    const html = renderSchedule({ ...down, picks: Array<null>(200).fill(null) }, { nonce: NONCE });
    assert.match(text(html), /every request gets 503: no member can take a request \(AH01170\)/);
    assert.deepEqual(timelineCells(html), []);
    assert.doesNotMatch(text(html), /full cycle/);
    assert.match(text(html), /http:\/\/10\.0\.0\.1:8080 re-enable line 4 70 0 0\.0% disabled \(status D\)/);
    assert.deepEqual(commands(html).filter(([command]) => command === PANEL_COMMANDS.whatIf).length, 3);
    const empty = renderSchedule({ ...shop, tier: null, cycleLength: 0, members: [], picks: [null] }, { nonce: NONCE });
    assert.match(text(empty), /every request gets 503: this balancer has no members \(AH01171\)/);
  });

  it('shows the refusal instead of a schedule for a balancer Apache refuses', () => {
    const text0 = '<Proxy balancer://shop>\n    BalancerMember http://a:80 loadfactor=0\n    BalancerMember http://b:80\n</Proxy>\n';
    const set = assembleSet([{ key: 'shop.conf', path: undefined, text: text0 }], {
      files: { readFile: () => undefined, readDirectory: () => undefined },
      keyOf: (path) => path,
      read: { epochSeconds: 0 },
      rulesFor: () => undefined,
    });
    const preview = set.configurations[0]!.analysis.previews[0]!;
    const report = balancerReport(preview, (offset) => ({ file: 'shop.conf', line: text0.slice(0, offset).split('\n').length }));
    const html = renderSchedule(report, { nonce: NONCE });
    assert.match(text(html), /Apache refuses this balancer \(line 2: loadfactor "0"/);
    assert.deepEqual(timelineCells(html), []);
    assert.match(text(html), /refused: loadfactor "0"/);
    assert.match(text(html), /http:\/\/b:80 line 3 1 0 — no schedule/);
    assert.doesNotMatch(text(html), /%/);
  });

  it('shows candidates, not shares, for a method with no fixed order', () => {
    const bytraffic: BalancerReport = {
      ...shop,
      lbmethod: 'bytraffic',
      simulated: false,
      cycleLength: null,
      members: shop.members.map((member) => ({ ...member, share: null })),
      picks: [],
    };
    const html = renderSchedule(bytraffic, { nonce: NONCE });
    assert.deepEqual(timelineCells(html), []);
    assert.match(text(html), /a http:\/\/10\.0\.0\.1:8080 take down · drain line 4 70 0 — candidate/);
    assert.match(text(html), /bytraffic has no fixed order to preview/);
  });

  it('renders a plain message page with the same policy', () => {
    const html = renderMessage('balancer://<x>', 'No balancer named <x>.', { nonce: NONCE });
    assert.match(text(html), /balancer:\/\/<x> No balancer named <x>\./);
    assert.match(html, /default-src 'none'/);
    assert.doesNotMatch(html, /<x>/);
  });

  it("shows the server's words for an idle member", () => {
    const reasons = {
      disabled: 0,
      stopped: 0,
      'in-error': 0,
      draining: 0,
      'health-check-failed': 0,
      'shutting-down': 0,
      'spare-not-needed': 0,
      'standby-not-needed': 0,
      'shadowed-by-lbset': 0,
    } satisfies Record<IdleReason, 0>;
    for (const reason of Object.keys(reasons) as IdleReason[]) {
      const explanation = `the server's words for ${reason}`;
      const members = shop.members.map((member, index) => (index === 2 ? { ...member, share: 0, reason, explanation } : member));
      assert.ok(text(renderSchedule({ ...shop, members }, { nonce: NONCE })).includes(explanation), reason);
    }
  });

  it('lists the live lines of balancerLens.live.url under Live, escaped; no section without them', () => {
    const html = renderSchedule(
      { ...shop, live: ['http://10.0.0.1:8080: live web1:443: Err · elected 17 = 0.0% (preview 0.0%)', '<b>&'] },
      { nonce: NONCE },
    );
    assert.match(
      html,
      /<section><h2>Live<\/h2><ul class="notes"><li>http:\/\/10\.0\.0\.1:8080: live web1:443: Err · elected 17 = 0\.0% \(preview 0\.0%\)<\/li><li>&lt;b&gt;&amp;<\/li><\/ul><\/section>/,
    );
    assert.doesNotMatch(renderSchedule(shop, { nonce: NONCE }), /<h2>Live<\/h2>/);
  });
});
