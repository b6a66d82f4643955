/** The `balancerLens.*` settings, read defensively: a malformed value is reported and ignored. */
import type { SeveritySetting } from '../core/lint';
import { RULES } from '../core/rules';
import { DEFAULT_READ_LIMITS, ReadLimits } from '../core/syntax/includes';
import { managerUrlError } from '../node/manager-fetch';

/** Settings the server uses. */
export interface Settings {
  readonly rules: Readonly<Record<string, SeveritySetting>>;
  readonly previewPicks: number;
  readonly inlayHints: boolean;
  readonly codeLenses: boolean;
  /** `size` in bytes: a configuration (the document, or the file including it, with its includes) larger than this is not analysed. */
  readonly limits: ReadLimits;
  /** Milliseconds without an edit before a changed document's diagnostics are published; 0 publishes after every burst of messages. */
  readonly diagnosticsDelay: number;
  /** What the CLI's --server-root, --env-file and -D give: a folder and a file as written (resolved against the workspace), and `NAME` or `NAME=VALUE` words. */
  readonly serverRoot: string | undefined;
  readonly envFile: string | undefined;
  readonly defines: readonly string[];
  /** `balancerLens.live`: balancer-manager pages to compare with the files (none: off), fetched every `intervalSeconds` and on demand. */
  readonly live: { readonly urls: readonly string[]; readonly intervalSeconds: number };
}

const MB = 1024 * 1024;

/**
 * Settings before the client sends any. The editor analyses a configuration again on every edit,
 * at about 0.5 s per MB on a busy 2-core machine (and 50 bytes of memory per byte), so it stops at
 * 2 MB, about 50,000 lines, where the CLI takes what its heap can hold.
 */
export const DEFAULT_SETTINGS: Settings = {
  rules: {},
  previewPicks: 20,
  inlayHints: true,
  codeLenses: true,
  limits: { ...DEFAULT_READ_LIMITS, size: 2 * MB },
  diagnosticsDelay: 300,
  serverRoot: undefined,
  envFile: undefined,
  defines: [],
  live: { urls: [], intervalSeconds: 60 },
};

const SEVERITIES = new Set(['off', 'info', 'warning', 'error']);

/** Reads the `balancerLens` section; `warn` hears about every value it had to ignore. */
export function readSettings(value: unknown, warn: (message: string) => void): Settings {
  if (typeof value !== 'object' || value === null) return DEFAULT_SETTINGS;
  const section = value as Record<string, unknown>;
  const rules: Record<string, SeveritySetting> = {};
  const known = new Set<string>(RULES.map((rule) => rule.id));
  if (typeof section['rules'] === 'object' && section['rules'] !== null) {
    for (const [id, severity] of Object.entries(section['rules'] as Record<string, unknown>)) {
      if (!known.has(id)) warn(`balancerLens.rules: unknown rule "${id}"`);
      else if (typeof severity !== 'string' || !SEVERITIES.has(severity)) warn(`balancerLens.rules.${id}: use off, info, warning or error`);
      else rules[id] = severity as SeveritySetting;
    }
  }
  const preview = section['preview'] as Record<string, unknown> | undefined;
  const picks = preview?.['picks'];
  const hints = (section['inlayHints'] as Record<string, unknown> | undefined)?.['enabled'];
  const lenses = (section['codeLens'] as Record<string, unknown> | undefined)?.['enabled'];
  return {
    rules,
    previewPicks:
      typeof picks === 'number' && Number.isInteger(picks) && picks > 0 && picks <= 1000 ? picks : DEFAULT_SETTINGS.previewPicks,
    inlayHints: typeof hints === 'boolean' ? hints : DEFAULT_SETTINGS.inlayHints,
    codeLenses: typeof lenses === 'boolean' ? lenses : DEFAULT_SETTINGS.codeLenses,
    limits: readLimits(section['limits'], warn),
    diagnosticsDelay: readDelay((section['diagnostics'] as Record<string, unknown> | undefined)?.['delay'], warn),
    serverRoot: readPath(section, 'serverRoot', warn),
    envFile: readPath(section, 'envFile', warn),
    defines: readDefines(section['defines'], warn),
    live: readLive(section['live'], warn),
  };
}

/** `balancerLens.live.url`: one URL or a list, each a page `balancer-lens status` would fetch; `balancerLens.live.interval`: 10–3600 seconds. */
function readLive(value: unknown, warn: (message: string) => void): Settings['live'] {
  const defaults = DEFAULT_SETTINGS.live;
  if (typeof value !== 'object' || value === null) return defaults;
  const live = value as Record<string, unknown>;
  const given = live['url'] === undefined || live['url'] === null || live['url'] === '' ? [] : live['url'];
  const listed = Array.isArray(given) ? given : [given];
  const urls = listed.filter((url): url is string => {
    let wrong: string | undefined;
    try {
      wrong = typeof url === 'string' ? managerUrlError(new URL(url)) : 'not a string';
    } catch {
      wrong = 'not a URL';
    }
    // The URL is not repeated: it may hold a password.
    if (wrong) warn(`balancerLens.live.url: entry ${listed.indexOf(url) + 1} is ignored: ${wrong}`);
    return wrong === undefined;
  });
  const interval = live['interval'];
  const isInterval = typeof interval === 'number' && Number.isInteger(interval) && interval >= 10 && interval <= 3600;
  if (interval !== undefined && interval !== null && !isInterval) warn('balancerLens.live.interval: use whole seconds from 10 to 3600');
  return { urls, intervalSeconds: isInterval ? interval : defaults.intervalSeconds };
}

/** `balancerLens.diagnostics.delay`: whole milliseconds, 0 to 10,000. */
function readDelay(value: unknown, warn: (message: string) => void): number {
  if (value === undefined || value === null) return DEFAULT_SETTINGS.diagnosticsDelay;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10_000) return value;
  warn('balancerLens.diagnostics.delay: use a whole number of milliseconds from 0 to 10000');
  return DEFAULT_SETTINGS.diagnosticsDelay;
}

/** A path setting: a non-empty string, or nothing. */
function readPath(section: Record<string, unknown>, key: string, warn: (message: string) => void): string | undefined {
  const value = section[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value;
  warn(`balancerLens.${key}: use a path`);
  return undefined;
}

/** `balancerLens.defines`: `NAME` or `NAME=VALUE` words, as `apache2 -D` and the CLI's `-D` take them. */
function readDefines(value: unknown, warn: (message: string) => void): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    warn('balancerLens.defines: use a list such as ["SSL", "PORT=8080"]');
    return [];
  }
  return value.filter((define): define is string => {
    const isValid = typeof define === 'string' && /^[^\s:=]+(=|$)/.test(define);
    if (!isValid) warn(`balancerLens.defines: ${JSON.stringify(define)} is not NAME or NAME=VALUE`);
    return isValid;
  });
}

/** `balancerLens.limits`: maxSize in MB (fractions allowed), maxIncludes and maxDirectoryDepth whole numbers; a bad value keeps the default. */
function readLimits(value: unknown, warn: (message: string) => void): ReadLimits {
  const defaults = DEFAULT_SETTINGS.limits;
  if (value === undefined || value === null) return defaults;
  if (typeof value !== 'object' || Array.isArray(value)) {
    warn('balancerLens.limits: use an object such as { "maxSize": 4 }');
    return defaults;
  }
  const limits = value as Record<string, unknown>;
  const setting = (key: string, isValid: (number: number) => boolean, what: string): number | undefined => {
    const found = limits[key];
    if (found === undefined || found === null) return undefined;
    if (typeof found === 'number' && isValid(found)) return found;
    warn(`balancerLens.limits.${key}: use ${what}`);
    return undefined;
  };
  const isCount = (number: number): boolean => Number.isSafeInteger(number) && number >= 0;
  const size = setting(
    'maxSize',
    (number) => Number.isFinite(number) && number > 0 && number * MB <= Number.MAX_SAFE_INTEGER,
    'a size in MB greater than 0',
  );
  return {
    size: size === undefined ? defaults.size : Math.floor(size * MB),
    includes: setting('maxIncludes', isCount, 'a whole number of files and folders') ?? defaults.includes,
    directoryDepth: setting('maxDirectoryDepth', isCount, 'a whole number of folder levels') ?? defaults.directoryDepth,
  };
}
