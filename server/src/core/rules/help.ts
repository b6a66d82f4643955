/** Where each rule is documented: its section of the README. */

/** The project's home page. */
export const INFORMATION_URI = 'https://github.com/balancer-lens/balancer-lens';

/** The README that documents every rule, by section anchor. */
export const RULES_DOCUMENTATION = `${INFORMATION_URI}#`;

/** The documentation address of a rule. */
export function ruleHelpUri(ruleId: string): string {
  return `${RULES_DOCUMENTATION}${ruleId}`;
}
