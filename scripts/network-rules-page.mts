// Writes docs/network-rules.md ("What each network refuses") from core's rule table:
//   npm run docs:network-rules
// test/network-rules-page.test.ts fails when the page and the table disagree.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { networkRulesPage } from '../packages/core/src/networks/rules-page.ts';

const page = fileURLToPath(new URL('../docs/network-rules.md', import.meta.url));
writeFileSync(page, networkRulesPage());
console.log(`wrote ${page}`);
