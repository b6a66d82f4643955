/**
 * The language server over stdio, driven with the client side of vscode-languageserver/node as the
 * protocol tests do: start-up to first diagnostics, keystroke to diagnostics, hover and inlay hints.
 * Every wait is on the notification or response that answers it, never on a clock.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Session, startSession } from '../test/support/lsp-session';
import { distribution, Distribution, RUSAGE_PRELOAD } from './measure';

/** A session of the shared test helper whose server writes its resource usage when it exits. */
interface MeasuredSession extends Session {
  /** Shuts the server down cleanly and returns its peak RSS (KiB). */
  stopMeasured(): Promise<number | undefined>;
}

/** Starts the server with the resource-usage preload (bench/rusage.cjs) writing into `scratch`, on `workspace` as its folder if given. */
async function start(scratch: string, workspace?: string): Promise<MeasuredSession> {
  const rusage = join(scratch, `server-rusage-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  // No pause before publishing (balancerLens.diagnostics.delay 0): the bench times the analysis, not the wait for a pause in typing.
  const session = await startSession({
    execArgv: ['-r', RUSAGE_PRELOAD],
    env: { ...process.env, BENCH_RUSAGE_FILE: rusage },
    pullSettings: true,
    configuration: () => ({ diagnostics: { delay: 0 } }),
    ...(workspace === undefined ? {} : { root: pathToFileURL(workspace).toString(), folders: true }),
  });
  await session.configurationAsked();
  return Object.assign(session, {
    async stopMeasured(): Promise<number | undefined> {
      await session.shutdown();
      if (!existsSync(rusage)) return undefined;
      const usage = JSON.parse(readFileSync(rusage, 'utf8')) as { maxRssKiB: number };
      rmSync(rusage, { force: true });
      return usage.maxRssKiB;
    },
  });
}

/** 0-based line and character of a UTF-16 offset. */
function positionAt(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, character: offset - lineStart };
}

/** One start-up: spawn → initialize → didOpen → the first diagnostics. */
export interface StartupRun {
  readonly initializeMs: number;
  readonly firstDiagnosticsMs: number;
  /** didOpen → its diagnostics. */
  readonly openToDiagnosticsMs: number;
  readonly diagnostics: number;
  readonly maxRssKiB: number | undefined;
}

/**
 * Starts a fresh server, opens `text`, waits for its diagnostics, stops it; `keepMs` later (a
 * warm-up start kept running until the worker has written its code cache: WORKER_CACHE_AFTER_MS).
 */
export async function measureStartup(text: string, scratch: string, keepMs = 0): Promise<StartupRun> {
  const uri = 'file:///bench/startup.conf';
  const session = await start(scratch);
  const openedAt = performance.now();
  session.open(uri, text);
  const published = await session.diagnostics(uri, 1);
  const now = performance.now();
  if (keepMs > 0) await new Promise((resolve) => setTimeout(resolve, keepMs));
  const maxRssKiB = await session.stopMeasured();
  return {
    initializeMs: session.initializeMs,
    firstDiagnosticsMs: now - session.spawnedAt,
    openToDiagnosticsMs: now - openedAt,
    diagnostics: published.diagnostics.length,
    maxRssKiB,
  };
}

/** Keystroke → diagnostics. */
export interface KeystrokeResult {
  readonly latency: Distribution;
  readonly maxRssKiB: number | undefined;
}

/** One incremental edit: `removed` characters at `offset` of the text before it replaced with `inserted`. */
interface TextChange {
  readonly offset: number;
  readonly removed: number;
  readonly inserted: string;
}

/**
 * `edits` single-character incremental edits, each replacing one loadfactor digit with another
 * (the length never changes), spread over the file; each waits for the diagnostics of its own
 * version. With `workspace`, the file is written into that folder (as `name`: a file already there
 * when another includes it), which is the server's workspace: every edit then reassembles the
 * folder's configurations with it.
 */
export async function measureKeystrokes(
  text: string,
  edits: number,
  scratch: string,
  workspace?: string,
  name = 'keystrokes.conf',
): Promise<KeystrokeResult> {
  const digits = [...text.matchAll(/loadfactor=([1-9])(?=[\s\\]|$)/gm)].map((match) => match.index! + 'loadfactor='.length);
  if (digits.length === 0) throw new Error('no single-digit loadfactor to edit');
  const current = text.split('');
  const changes = Array.from({ length: edits }, (_, i): TextChange => {
    const offset = digits[Math.floor((i * digits.length) / edits)]!;
    current[offset] = String((Number(current[offset]) % 9) + 1);
    return { offset, removed: 1, inserted: current[offset]! };
  });
  return measureChanges(text, changes, scratch, workspace, name);
}

/** The line `measureTyping` types into balancers, after a member line, one character at a time. */
export const TYPED_LINE = '\n    BalancerMember "http://10.99.0.1:8080" loadfactor=3 route=typed';

/**
 * About `edits` keystrokes typing TYPED_LINE after the first member line of a balancer, one
 * character at a time, then deleting it again the same way, in as many balancers spread over the
 * file as that takes; each waits for the diagnostics of its own version. Unlike a digit overwritten,
 * most of these edits change what a line says (a new directive, a word growing): every rule runs.
 */
export async function measureTyping(text: string, edits: number, scratch: string): Promise<KeystrokeResult> {
  const members = [...text.matchAll(/^<Proxy "?balancer:\/\/[^\n]*\n[ \t]*BalancerMember [^\n]*/gm)].map(
    (match) => match.index! + match[0].length,
  );
  // Fewer edits than the line twice (the smoke run's) type and delete its start.
  const line = TYPED_LINE.slice(0, Math.max(1, Math.floor(edits / 2)));
  const places = Math.max(1, Math.round(edits / (2 * line.length)));
  if (members.length < places) throw new Error('not enough balancer sections to type into');
  const changes = Array.from({ length: places }, (_, place): TextChange[] => {
    const offset = members[Math.floor((place * members.length) / places)]!;
    const typed = [...line].map((character, i): TextChange => ({ offset: offset + i, removed: 0, inserted: character }));
    const deleted = [...line].map((_, i): TextChange => ({ offset: offset + line.length - 1 - i, removed: 1, inserted: '' }));
    return [...typed, ...deleted];
  }).flat();
  return measureChanges(text, changes, scratch);
}

/** Opens `text`, then sends `changes` one at a time, each waiting for the diagnostics of its version. */
async function measureChanges(
  text: string,
  changes: readonly TextChange[],
  scratch: string,
  workspace?: string,
  name = 'keystrokes.conf',
): Promise<KeystrokeResult> {
  const path = workspace === undefined ? undefined : join(workspace, name);
  if (path !== undefined) writeFileSync(path, text);
  const uri = path === undefined ? 'file:///bench/keystrokes.conf' : pathToFileURL(path).toString();
  const session = await start(scratch, workspace);
  session.open(uri, text);
  await session.diagnostics(uri, 1);
  let current = text;
  const latencies: number[] = [];
  for (const [i, change] of changes.entries()) {
    const from = positionAt(current, change.offset);
    const to = positionAt(current, change.offset + change.removed);
    current = current.slice(0, change.offset) + change.inserted + current.slice(change.offset + change.removed);
    const version = i + 2;
    const sentAt = performance.now();
    session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: from, end: to }, text: change.inserted }],
    });
    await session.diagnostics(uri, version);
    latencies.push(performance.now() - sentAt);
  }
  const maxRssKiB = await session.stopMeasured();
  return { latency: distribution(latencies), maxRssKiB };
}

/** Hover and inlay hints on one big balancer. */
export interface FeatureResult {
  readonly hoverBalancer: Distribution;
  readonly hoverMember: Distribution;
  /** Hover on the balancer right after an edit's diagnostics: the first request on a new analysis. */
  readonly hoverAfterEdit: Distribution;
  readonly inlayHintsAll: Distribution;
  readonly inlayHintsViewport: Distribution;
  /** Size of the hover markdown on the balancer and (largest) on a member, characters. */
  readonly hoverBalancerChars: number;
  readonly hoverMemberChars: number;
  readonly maxRssKiB: number | undefined;
}

/** A series of requests stops early once it has taken this long and has at least MIN_SAMPLES samples. */
const SERIES_BUDGET_MS = 60_000;
const MIN_SAMPLES = 10;

/**
 * `requests` hovers on the balancer's name, on members (spread over it), inlay hints (all members;
 * a 60-line viewport), and hovers on the balancer each right after a one-digit loadfactor edit has
 * its diagnostics (nothing the previous analysis computed can answer it). A series far beyond its target stops at its time budget (see
 * SERIES_BUDGET_MS): the sample count in the result says how many were taken.
 */
export async function measureFeatures(text: string, requests: number, scratch: string): Promise<FeatureResult> {
  const uri = 'file:///bench/big-balancer.conf';
  const session = await start(scratch);
  session.open(uri, text);
  await session.diagnostics(uri, 1);
  const balancerAt = positionAt(text, text.indexOf('balancer://big') + 3);
  const memberOffsets = [...text.matchAll(/BalancerMember "http/g)].map((match) => match.index! + 3);
  const memberPositions = Array.from({ length: requests }, (_, i) =>
    positionAt(text, memberOffsets[Math.floor((i * memberOffsets.length) / requests)]!),
  );
  const lastLine = text.split('\n').length;
  const firstMemberLine = positionAt(text, memberOffsets[0]!).line;
  /** Times `request` (after `prepare`, untimed) `requests` times. */
  const time = async (
    request: (i: number) => Promise<unknown>,
    check: (result: unknown) => boolean,
    prepare?: (i: number) => Promise<void>,
  ): Promise<Distribution> => {
    const times: number[] = [];
    const startedAt = performance.now();
    for (let i = 0; i < requests; i++) {
      if (i >= MIN_SAMPLES && performance.now() - startedAt > SERIES_BUDGET_MS) break;
      await prepare?.(i);
      const sentAt = performance.now();
      const result = await request(i);
      times.push(performance.now() - sentAt);
      if (!check(result)) throw new Error(`unexpected answer: ${JSON.stringify(result).slice(0, 200)}`);
    }
    return distribution(times);
  };
  const hoverChars = { balancer: 0, member: 0 };
  const hoverText = (result: unknown): string | undefined => {
    const value = (result as { contents?: { value?: unknown } } | null)?.contents?.value;
    return typeof value === 'string' ? value : undefined;
  };
  const isHover =
    (kind: keyof typeof hoverChars) =>
    (result: unknown): boolean => {
      const text = hoverText(result);
      if (text !== undefined) hoverChars[kind] = Math.max(hoverChars[kind], text.length);
      return text !== undefined;
    };
  const isHints =
    (count: number) =>
    (result: unknown): boolean =>
      Array.isArray(result) && result.length >= count;
  const hoverBalancer = await time(
    () => session.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: balancerAt }),
    isHover('balancer'),
  );
  const hoverMember = await time(
    (i) => session.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: memberPositions[i]! }),
    isHover('member'),
  );
  const inlayHintsAll = await time(
    () =>
      session.connection.sendRequest('textDocument/inlayHint', {
        textDocument: { uri },
        range: { start: { line: 0, character: 0 }, end: { line: lastLine, character: 0 } },
      }),
    isHints(memberOffsets.length),
  );
  const inlayHintsViewport = await time((i) => {
    const line = firstMemberLine + ((i * 97) % Math.max(1, memberOffsets.length - 60));
    return session.connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line, character: 0 }, end: { line: line + 60, character: 0 } },
    });
  }, isHints(1));
  const digits = [...text.matchAll(/loadfactor=([1-9]) /g)].map((match) => match.index! + 'loadfactor='.length);
  const current = text.split('');
  const hoverAfterEdit = await time(
    () => session.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: balancerAt }),
    isHover('balancer'),
    async (i) => {
      const offset = digits[Math.floor((i * digits.length) / requests)]!;
      const digit = String((Number(current[offset]) % 9) + 1);
      current[offset] = digit;
      const at = positionAt(text, offset);
      session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: i + 2 },
        contentChanges: [{ range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: digit }],
      });
      await session.diagnostics(uri, i + 2);
    },
  );
  const maxRssKiB = await session.stopMeasured();
  return {
    hoverBalancer,
    hoverMember,
    hoverAfterEdit,
    inlayHintsAll,
    inlayHintsViewport,
    hoverBalancerChars: hoverChars.balancer,
    hoverMemberChars: hoverChars.member,
    maxRssKiB,
  };
}

/** A hover on a small file while a large configuration is analysed. */
export interface BusyHoverResult {
  /** An edit of the large file (followed by the outline request editors send) → a hover on the small file answered. */
  readonly hover: Distribution;
  /** The same edit → the large file's diagnostics: the analysis the hover did not wait for. */
  readonly analysis: Distribution;
  readonly maxRssKiB: number | undefined;
}

/** The small file hovered in `measureBusyHover`. */
const SMALL_FILE = '<Proxy balancer://small>\nBalancerMember http://a loadfactor=2\n</Proxy>\nProxyPass / balancer://small/\n';

/**
 * `samples` one-digit edits of `bigText` (a configuration near the size limit), each followed by a
 * documentSymbol request about it (editors ask for the outline after an edit) and a hover on a small
 * file beside it; the hover is timed, and so is the large file's diagnostics for that edit.
 */
export async function measureBusyHover(bigText: string, samples: number, scratch: string): Promise<BusyHoverResult> {
  const big = 'file:///bench/busy-big.conf';
  const small = 'file:///bench/busy-small.conf';
  const session = await start(scratch);
  session.open(small, SMALL_FILE);
  await session.diagnostics(small, 1);
  session.open(big, bigText);
  await session.diagnostics(big, 1);
  const digits = [...bigText.matchAll(/loadfactor=([1-9])(?=[\s\\]|$)/gm)].map((match) => match.index! + 'loadfactor='.length);
  const current = bigText.split('');
  const hovers: number[] = [];
  const analyses: number[] = [];
  for (let i = 0; i < samples; i++) {
    const offset = digits[Math.floor((i * digits.length) / samples)]!;
    const digit = String((Number(current[offset]) % 9) + 1);
    current[offset] = digit;
    const at = positionAt(bigText, offset);
    const version = i + 2;
    const sentAt = performance.now();
    session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: big, version },
      contentChanges: [{ range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: digit }],
    });
    const outline = session.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: big } });
    const hover = await session.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: small },
      position: { line: 0, character: 12 },
    });
    hovers.push(performance.now() - sentAt);
    if (!JSON.stringify(hover).includes('small')) throw new Error(`unexpected hover: ${JSON.stringify(hover).slice(0, 200)}`);
    await session.diagnostics(big, version);
    analyses.push(performance.now() - sentAt);
    await outline;
  }
  const maxRssKiB = await session.stopMeasured();
  return { hover: distribution(hovers), analysis: distribution(analyses), maxRssKiB };
}
