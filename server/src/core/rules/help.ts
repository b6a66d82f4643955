/** Where each rule is documented: its section of the README. */

/** The README that documents every rule, by section anchor. */
export const RULES_DOCUMENTATION = 'https://github.com/balancer-lens/balancer-lens#';

/** The documentation address of a rule. */
export function ruleHelpUri(ruleId: string): string {
  return `${RULES_DOCUMENTATION}${ruleId}`;
}
