/** Where each rule is documented: its page under docs/rules/ (rendered by `npm run docs`). */

/** The project's home page. */
export const INFORMATION_URI = 'https://github.com/balancer-lens/balancer-lens';

/** The folder of rule pages, docs/rules/<id>.md, on the main branch. */
export const RULES_DOCUMENTATION = `${INFORMATION_URI}/blob/main/docs/rules/`;

/** The documentation address of a rule: its page. */
export function ruleHelpUri(ruleId: string): string {
  return `${RULES_DOCUMENTATION}${ruleId}.md`;
}
