/** Where Balancer Lens is documented: the one place these addresses are written. */

/** The project's home page. */
export const INFORMATION_URI = 'https://github.com/balancer-lens/balancer-lens';

/** Where each rule is documented: this plus the rule id is the README's heading for the rule. */
export const RULE_DOCS_BASE = `${INFORMATION_URI}#`;
