/** The `balancerLens.*` settings, read defensively: a malformed value is reported and ignored. */
import type { SeveritySetting } from '../core/lint';
import { RULES } from '../core/rules';

/** Settings the server uses. */
export interface Settings {
  readonly rules: Readonly<Record<string, SeveritySetting>>;
  readonly previewPicks: number;
  readonly inlayHints: boolean;
}

/** Settings before the client sends any. */
export const DEFAULT_SETTINGS: Settings = { rules: {}, previewPicks: 20, inlayHints: true };

const SEVERITIES = new Set(['off', 'info', 'warning', 'error']);

/** Reads the `balancerLens` section; `warn` hears about every value it had to ignore. */
export function readSettings(value: unknown, warn: (message: string) => void): Settings {
  if (typeof value !== 'object' || value === null) return DEFAULT_SETTINGS;
  const section = value as Record<string, unknown>;
  const rules: Record<string, SeveritySetting> = {};
  const known = new Set(RULES.map((rule) => rule.id));
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
  return {
    rules,
    previewPicks: typeof picks === 'number' && Number.isInteger(picks) && picks > 0 && picks <= 1000 ? picks : DEFAULT_SETTINGS.previewPicks,
    inlayHints: typeof hints === 'boolean' ? hints : DEFAULT_SETTINGS.inlayHints,
  };
}
