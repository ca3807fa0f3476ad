import { LIMITS } from './limits.js';

/**
 * Limits, Post allowance: "X posts use the add-on's own allowance: 200 per billing month, up to 20 of
 * them with links". The billing month is the account's own, so the server supplies its window.
 */
export const xAddonAllowance = {
  window: 'billing_month',
  limit: LIMITS.xAddon.postsPerBillingMonth,
  linkLimit: LIMITS.xAddon.postsWithLinksPerBillingMonth,
} as const;

export interface XAddonQuestion {
  /** X posts of the account in the current billing month. */
  used: number;
  /** X posts with links of the account in the current billing month. */
  linkUsed: number;
  /** Links found in the post's text (detectLinks). */
  detectedLinks: readonly string[];
}

export type XAddonDecision =
  | { verdict: 'ok' }
  | { verdict: 'x_limit_reached'; used: number; limit: number }
  | {
      verdict: 'x_link_limit_reached';
      used: number;
      limit: number;
      linkUsed: number;
      linkLimit: number;
      detectedLinks: string[];
    };

/** 429 x_limit_reached before x_link_limit_reached: a post over the whole allowance is over both. */
export function decideXAddon(question: XAddonQuestion): XAddonDecision {
  const { used, linkUsed, detectedLinks } = question;
  if (used >= xAddonAllowance.limit) {
    return { verdict: 'x_limit_reached', used, limit: xAddonAllowance.limit };
  }
  if (detectedLinks.length > 0 && linkUsed >= xAddonAllowance.linkLimit) {
    return {
      verdict: 'x_link_limit_reached',
      used,
      limit: xAddonAllowance.limit,
      linkUsed,
      linkLimit: xAddonAllowance.linkLimit,
      detectedLinks: [...detectedLinks],
    };
  }
  return { verdict: 'ok' };
}
