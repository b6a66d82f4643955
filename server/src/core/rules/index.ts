/** Every rule, in the order the README lists them. A test checks that each file here is registered. */
import { rule as allMembersDisabled } from './all-members-disabled';
import { rule as invalidBalancerName } from './invalid-balancer-name';
import { rule as invalidConditional } from './invalid-conditional';
import { rule as invalidDefine } from './invalid-define';
import { rule as invalidLoadfactor } from './invalid-loadfactor';
import { rule as invalidParameter } from './invalid-parameter';
import { rule as invalidStatus } from './invalid-status';
import { rule as invalidUrl } from './invalid-url';
import { rule as memberSyntax } from './member-syntax';
import { rule as proxySectionArguments } from './proxy-section-arguments';
import { rule as proxypassSyntax } from './proxypass-syntax';
import { rule as sectionMismatch } from './section-mismatch';
import { rule as sharedMember } from './shared-member';
import { rule as unclosedConditional } from './unclosed-conditional';
import { rule as undefinedTarget } from './undefined-target';
import { rule as undefinedVariable } from './undefined-variable';
import { rule as unknownLbmethod } from './unknown-lbmethod';
import { rule as unknownParameter } from './unknown-parameter';
import { rule as unusedSuppression } from './unused-suppression';
import { rule as zeroLoadfactor } from './zero-loadfactor';
import type { Rule } from './types';

/** All rules Balancer Lens runs. */
export const RULES: readonly Rule[] = [
  allMembersDisabled,
  invalidBalancerName,
  invalidConditional,
  invalidDefine,
  invalidLoadfactor,
  invalidParameter,
  invalidStatus,
  invalidUrl,
  memberSyntax,
  proxySectionArguments,
  proxypassSyntax,
  sectionMismatch,
  sharedMember,
  unclosedConditional,
  undefinedTarget,
  undefinedVariable,
  unknownLbmethod,
  unknownParameter,
  unusedSuppression,
  zeroLoadfactor,
];
