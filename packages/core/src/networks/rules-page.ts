import { formatBytes } from '../limits/byte-units.js';
import { PLATFORMS, type Platform } from '../platforms.js';
import { NETWORKS } from './networks.js';
import type { RefusalRule, RuleWindow } from './refusal-rules.js';

/*
 * docs/network-rules.md, "What each network refuses", written from the rule table: every row with
 * its number, unit and source. `npm run docs:network-rules` writes the page; a test fails when the
 * page and the table disagree, so the page cannot drift from what the sandbox does.
 */

const NAMES: Readonly<Record<Platform, string>> = {
  tiktok: 'TikTok',
  instagram: 'Instagram',
  facebook: 'Facebook Pages',
  youtube: 'YouTube',
  x: 'X',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  threads: 'Threads',
  skool: 'Skool',
};

const number = (value: number): string =>
  Number.isInteger(value) ? value.toLocaleString('en-US') : String(Math.round(value * 1000) / 1000);

function amount(rule: RefusalRule, value: number): string {
  if (rule.unit === 'bytes' && rule.field !== 'description') return formatBytes(value);
  if (rule.unit === 'width / height') {
    const ratio = number(value);
    return value === 9 / 16 ? '9:16' : value === 1 / 3 ? '1:3' : value === 4 / 5 ? '4:5' : `${ratio}:1`;
  }
  return number(value);
}

function limit(rule: RefusalRule): string {
  if (rule.max === null) return rule.limitWords ?? '—';
  if (rule.unit === 'invalid characters') return 'none';
  // File sizes read as MB and ratios as W:H; a text's bytes (YouTube's description) as a number.
  const bare = (rule.unit === 'bytes' && rule.field !== 'description') || rule.unit === 'width / height';
  // "at most 1 file", not "1 files".
  const unit = bare ? '' : ` ${rule.max === 1 ? rule.unit.replace(/^(\w+)s$/, '$1') : rule.unit}`;
  const max = amount(rule, rule.max);
  if (rule.min === undefined) return `at most ${max}${unit}`;
  if (rule.min === rule.max) return `exactly ${max}${unit}`;
  return `${amount(rule, rule.min)} to ${max}${unit}`;
}

function windowWords(window: RuleWindow | undefined): string {
  if (window === undefined) return '';
  switch (window.kind) {
    case 'ever':
      return ' Window: every earlier post.';
    case 'consecutive':
      return ` Window: the previous post only, within ${plural(window.seconds / 3600, 'hour')}.`;
    case 'seconds':
      return window.seconds % 3600 === 0
        ? ` Window: ${plural(window.seconds / 3600, 'hour')}.`
        : ` Window: ${plural(window.seconds / 60, 'minute')}.`;
  }
}

const plural = (n: number, word: string): string => `${n} ${n === 1 ? word : `${word}s`}`;

const APPLIED: Readonly<Record<RefusalRule['applied'], string>> = {
  network: 'the simulated network refuses it',
  service: "the API document's own check answers first",
  not_simulated: 'not simulated',
};

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function row(rule: RefusalRule): string {
  const answer = `${rule.answer.status} \`${rule.answer.code}\``;
  const source = `**${rule.source}**: ${rule.sourceNote}`;
  const how = `${APPLIED[rule.applied]}.${windowWords(rule.window)}${rule.note ? ` ${rule.note}` : ''}`;
  return `| ${cell(rule.what)} | ${cell(limit(rule))} | ${cell(answer)} | ${cell(`“${rule.words}”`)} | ${cell(source)} | ${cell(how)} |`;
}

const INTRO = `# What each network refuses

People test against the sandbox to learn whether their posts will go out, so each simulated network
refuses what the real network refuses: text counted as that network counts it, duplicates where the
network refuses them, and media counts, kinds, sizes and durations. This page is written from the
rule table in \`packages/core/src/networks/\` (the same rows the simulated networks, the dry run, the
composer, the Network inbox card and the connector's \`service_validate_post\` read); a test fails
when the two disagree. Regenerate it with \`npm run docs:network-rules\`.

Sources: **doc** is the network's own documentation, specification or official SDK; **seen** is a
real answer quoted in public code or issues, not documented.

How the sandbox answers:

- A post sent now that a network refuses gets the API document's code for that network (X
  \`x_rejected\`, LinkedIn 500 \`platform_error\`, Pinterest \`pinterest_rejected\`, others a 400 whose
  code is derived) with the network's own words and the count in the message (\`Text length: 416 of
  280 weighted characters.\`). The post record is \`failed\` with that message (History shows it),
  nothing is delivered and nothing counts as a success.
- A dry run (and the connector's \`service_validate_post\`) answers \`outcome: refuse\` with the same
  code, status and message in \`reason\`.
- A scheduled or queued post whose text is over a limit is answered with the \`caption_over_limit\`
  warning naming the count and the limit, and refused by the network when it goes out; files the
  network would refuse are refused when the post is scheduled.
- Duplicates and posts per period are the network's memory of the profile's accepted posts: a
  refused post is not remembered, and a text is compared after NFC normalisation.
- \`simulate.rules: "lenient"\` on a connection (admin API, \`SocialPubAdmin.networks.setRules\`,
  \`socialpub admin networks rules <profile_id> <platform> lenient\`, or the dashboard's connection
  page) switches these rules off; the API document's own rules always apply.
`;

/** The page, as `npm run docs:network-rules` writes it. */
export function networkRulesPage(): string {
  const parts = [INTRO];
  for (const platform of PLATFORMS) {
    const rules = NETWORKS[platform].refuses;
    parts.push(`\n## ${NAMES[platform]} (\`${platform}\`)\n`);
    if (rules.length === 0) {
      parts.push(
        "No public API and no published limits: only the API document's own rules apply (group and title required, one post an hour and ten a day).\n",
      );
      continue;
    }
    parts.push('| Rule | Limit | Answer | The network’s words | Source | In the sandbox |');
    parts.push('| --- | --- | --- | --- | --- | --- |');
    for (const rule of rules) parts.push(row(rule));
  }
  return `${parts.join('\n')}\n`;
}
