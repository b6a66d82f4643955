/** `--format gitlab`: a GitLab Code Quality report (`artifacts:reports:codequality`), so merge requests show the findings. */
import type { Severity } from '../../core/rules/types';
import { inertJson } from '../one-line';
import { ciPath, lineFingerprints, Report } from '../report';

/** GitLab's scale is info, minor, major, critical, blocker: what Apache refuses ranks above what it runs wrongly. */
const SEVERITY: Record<Severity, GitlabSeverity> = { error: 'critical', warning: 'major', info: 'info' };

type GitlabSeverity = 'info' | 'minor' | 'major' | 'critical' | 'blocker';

/** One issue, with the fields GitLab's Code Quality documentation requires. */
export interface GitlabIssue {
  readonly description: string;
  readonly check_name: string;
  /** Unique in the report and stable while lines move (GitLab matches issues across pipelines by it). */
  readonly fingerprint: string;
  readonly severity: GitlabSeverity;
  readonly location: { readonly path: string; readonly lines: { readonly begin: number; readonly end: number } };
}

/** Renders the report as a JSON array of issues; `[]` for a clean run. */
export function formatGitlab(report: Report): string {
  const issues = report.files.flatMap((file) => {
    const path = ciPath(file, report.cwd);
    const fingerprints = lineFingerprints(file.findings, path);
    return file.findings.map(({ diagnostic, region }, position): GitlabIssue => ({
      description: diagnostic.message,
      check_name: diagnostic.ruleId,
      fingerprint: fingerprints[position]!,
      severity: SEVERITY[diagnostic.severity],
      location: { path, lines: { begin: region.line, end: region.endLine } },
    }));
  });
  return `${inertJson(JSON.stringify(issues, null, 2))}\n`;
}
