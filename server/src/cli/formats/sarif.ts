/** `--format sarif`: a SARIF 2.1.0 log, for GitHub code scanning and other SARIF viewers. */
import { pathToFileURL } from 'node:url';
import type * as Sarif from 'sarif';
import { RULES } from '../../core/rules';
import type { Severity } from '../../core/rules/types';
import { INFORMATION_URI, ruleHelpUri } from '../../core/rules/help';
import { inertJson } from '../one-line';
import { lineFingerprints, Region, relativeSlashPath, Report } from '../report';

const LEVEL: Record<Severity, Sarif.ReportingConfiguration.level> = { error: 'error', warning: 'warning', info: 'note' };

/** Names the fingerprint scheme, so that a future change of scheme cannot collide with this one. */
const FINGERPRINT_KEY = 'balancerLens/v1';

/** Renders the report as a SARIF log with one run; every rule is listed, reported or not. */
export function formatSarif(report: Report): string {
  const ruleIndex = new Map<string, number>(RULES.map((rule, index) => [rule.id, index]));
  const results: Sarif.Result[] = [];
  for (const file of report.files) {
    const uri = artifactUri(file.path, file.shown, report.cwd);
    const fingerprints = lineFingerprints(file.findings, uri);
    for (const [position, finding] of file.findings.entries()) {
      const { diagnostic } = finding;
      const index = ruleIndex.get(diagnostic.ruleId);
      results.push({
        ruleId: diagnostic.ruleId,
        ...(index === undefined ? {} : { ruleIndex: index }),
        level: LEVEL[diagnostic.severity],
        message: { text: diagnostic.message },
        ...(diagnostic.apacheMessage === undefined ? {} : { properties: { apacheMessage: diagnostic.apacheMessage } }),
        locations: [{ physicalLocation: physicalLocation(uri, finding.region) }],
        partialFingerprints: { [FINGERPRINT_KEY]: fingerprints[position]! },
        ...(finding.related.length > 0
          ? {
              relatedLocations: finding.related.map((related, id) => ({
                id,
                physicalLocation: physicalLocation(uri, related.region),
                message: { text: related.message },
              })),
            }
          : {}),
      });
    }
  }
  const log: Sarif.Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'balancer-lens',
            version: report.version,
            informationUri: INFORMATION_URI,
            rules: RULES.map((rule) => ({
              id: rule.id,
              shortDescription: { text: rule.docs.summary },
              fullDescription: { text: rule.docs.why },
              helpUri: ruleHelpUri(rule.id),
              defaultConfiguration: { level: LEVEL[rule.severity] },
            })),
          },
        },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return `${inertJson(JSON.stringify(log, null, 2))}\n`;
}

/** Relative to the current directory with forward slashes (what code scanning matches against the repository), else a file: URI. */
function artifactUri(path: string | undefined, shown: string, cwd: string): string {
  if (path === undefined) return encodeURIComponent(shown);
  const relative = relativeSlashPath(path, cwd);
  return relative === undefined ? pathToFileURL(path).href : relative.split('/').map(encodeURIComponent).join('/');
}

function physicalLocation(uri: string, region: Region): Sarif.PhysicalLocation {
  return {
    artifactLocation: { uri },
    region: { startLine: region.line, startColumn: region.column, endLine: region.endLine, endColumn: region.endColumn },
  };
}
