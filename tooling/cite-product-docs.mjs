#!/usr/bin/env node
/**
 * Rewrites comments that cite documents outside the repository (the product specification
 * "spec 01 §N" / "spec 02 §N", the design notes DECISIONS.md, STACK.md, ARCHITECTURE.md,
 * EXAMPLES.md) so that they cite docs/product/ or docs/decisions/ instead.
 *
 * The mapping is by meaning: a spec section or design-note heading maps to the document that now
 * holds its content; where one section covers several screens, words on the comment's line (and,
 * failing those, the feature folder the file sits in) pick the screen. Lines whose sentence needs
 * rewording to stay true are in OVERRIDES, keyed by their old text, so the script does not depend
 * on where a file lives and can be run again after other branches move files.
 *
 *   node tooling/cite-product-docs.mjs          rewrite in place, print a count
 *   node tooling/cite-product-docs.mjs --dry    print each change, write nothing
 *
 * Running it twice changes nothing the second time. tooling/check-doc-citations.mjs fails on any
 * citation this script leaves behind.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCAN = ['apps', 'packages', 'e2e', 'bench'];
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|css|sh|html)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'results', 'data']);
const DRY = process.argv.includes('--dry');

const P = 'docs/product/';

/** Screen of a feature folder (web `features/<name>/`, `api/<name>.ts`, `content/<name>.ts`, contract `src/<name>.ts`). */
const SCREEN_OF_AREA = {
  accounts: 'screens.md#sign-in-and-sign-up',
  analytics: 'screens.md#analytics',
  contact: 'screens.md#contact-page',
  customers: 'screens.md#customers',
  dashboard: 'screens.md#user-dashboard',
  earnings: 'screens.md#earnings',
  faqs: 'screens.md#pricing-page',
  feedback: 'screens.md#feature-feedback',
  how: 'screens.md#other-pages',
  jobs: 'screens.md#live-print-jobs',
  onboarding: 'screens.md#shop-onboarding',
  pricing: 'screens.md#pricing-page',
  'public-shop': 'screens.md#public-shop-page-and-upload',
  'public-site': 'screens.md#marketing-pages',
  qr: 'screens.md#qr-code',
  recycle: 'screens.md#recycle-bin',
  reviews: 'screens.md#reviews-page',
  settings: 'screens.md#settings',
  shell: 'screens.md#shell',
  'shop-dashboard': 'screens.md#shop-dashboard',
  shops: 'screens.md#public-shop-page-and-upload',
  site: 'screens.md#public-navigation',
};

/** The API section of routes.md for a feature folder. */
const CALLS_OF_AREA = {
  analytics: 'routes.md#reports',
  contact: 'routes.md#feedback-contact-and-checkout',
  customers: 'routes.md#customers',
  earnings: 'routes.md#reports',
  feedback: 'routes.md#feedback-contact-and-checkout',
  jobs: 'routes.md#jobs',
  'public-site': 'routes.md#feedback-contact-and-checkout',
  recycle: 'routes.md#recycle-bin',
  settings: 'routes.md#settings',
  stomp: 'routes.md#realtime-endpoint',
};

function areaOf(file) {
  const m =
    /\/features\/([\w-]+)\//.exec(file) ??
    /\/(?:api|content)\/([\w-]+)\.tsx?$/.exec(file) ??
    /packages\/contract\/src\/([\w-]+)\.ts$/.exec(file);
  return m?.[1];
}

/** Words on the line that say which screen a screen-level section means; first match wins. */
const SCREEN_WORDS = [
  [/role home|unknown path|visitors go to|any role we do not know/i, 'routes.md#role-homes-and-unknown-paths'],
  [/route table|declared for everyone/i, 'routes.md#web-routes'],
  [/\bShell\b|sidebar/i, 'screens.md#shell'],
  [/public navigation/i, 'screens.md#public-navigation'],
  [/User role|three user routes/i, 'screens.md#user-dashboard'],
  [/wrong or outdated shop link|walk-in customer reaches/i, 'screens.md#public-shop-page-and-upload'],
  [/no rate card|per photo/i, 'rules.md#constants'],
  [/QR widget/i, 'screens.md#qr-code'],
  [/Mark as Printed/i, 'screens.md#live-print-jobs'],
  [/onboarding/i, 'screens.md#shop-onboarding'],
  [/forgot password|reset-mail|reset password/i, 'screens.md#password-reset'],
  [/\bLogin\b|sign-up|password input/i, 'screens.md#sign-in-and-sign-up'],
  [/signed in means|role switching/i, 'rules.md#roles'],
  [/non-space text/i, 'screens.md#sign-in-and-sign-up'],
  [/contact form|subject and message|editing a field/i, 'screens.md#contact-page'],
  [/banners? /i, 'screens.md#shop-onboarding'],
  // Sections of the marketing pages (spec 02 §2.7 starts here).
  [/Page Not Found/, 'screens.md#not-found-page'],
  [/\bHome\b|email capture/, 'screens.md#home-page'],
  [/\bReviews\b/i, 'screens.md#reviews-page'],
  [/\bPricing\b|Premium|Spark/i, 'screens.md#pricing-page'],
  [/footer links/i, 'screens.md#public-navigation'],
];
const MARKETING_FROM = SCREEN_WORDS.findIndex(([re]) => re.source === 'Page Not Found');
const MARKETING_AREAS = new Set(['how', 'pricing', 'reviews', 'contact', 'faqs']);

/** Where each spec section now lives. `screen` sections are resolved per line (words, then folder). */
function specTarget(doc, section, line, file) {
  const area = areaOf(file);
  const top = section.split('.')[0];
  const screen = (fallback) => SCREEN_WORDS.find(([re]) => re.test(line))?.[1] ?? SCREEN_OF_AREA[area] ?? fallback;
  if (doc === '02' && /^2\.\d$/.test(section)) {
    if (section === '2.7') {
      const named = SCREEN_WORDS.slice(MARKETING_FROM).find(([re]) => re.test(line))?.[1];
      return named ?? (MARKETING_AREAS.has(area) ? SCREEN_OF_AREA[area] : 'screens.md#marketing-pages');
    }
    return [
      'screens.md#live-print-jobs',
      'screens.md#analytics',
      'screens.md#customers',
      'screens.md#earnings',
      'screens.md#settings',
      'screens.md#recycle-bin',
    ][Number(section[2]) - 1];
  }
  switch (`${doc}§${top}`) {
    case '01§1':
      return 'overview.md#what-counterprint-does';
    case '02§1':
      return /marketing|figures|claims/i.test(line) ? 'overview.md#marketing-claims' : 'overview.md#what-counterprint-does';
    case '01§2':
    case '02§2':
      return screen('routes.md#web-routes');
    case '01§3':
      if (/storage keys|session \(|\bkeys\b/i.test(line)) return 'rules.md#client-storage';
      if (/roles claim|token claims/i.test(line)) return 'rules.md#roles';
      if (/download folder/i.test(line)) return 'screens.md#live-print-jobs';
      return 'rules.md#client-storage';
    case '02§3':
    case '01§4':
    case '02§4':
    case '01§5':
    case '02§5':
    case '01§8':
    case '02§8':
      if (area === 'stomp' || /\bmargin\b|no connection is made/.test(line)) return 'rules.md#realtime';
      if (/live job list|'created' prepends|action and a job/i.test(line)) return 'rules.md#realtime';
      return screen('screens.md');
    case '01§6':
    case '02§6':
      return 'rules.md#roles';
    case '01§7':
      if (/progress reader/i.test(line)) return 'screens.md#live-print-jobs';
      if (/multipart fields/i.test(line)) return 'routes.md#accounts';
      if (/session|token|login page|401/i.test(line)) return 'rules.md#session-expiry';
      return 'routes.md#api-calls';
    case '02§7':
      if (/STOMP|live job|realtime/i.test(line)) return 'routes.md#realtime-endpoint';
      return CALLS_OF_AREA[area] ?? 'routes.md#api-calls';
    case '01§9':
      return 'rules.md#constants';
    case '02§9':
      if (area === 'stomp' || /STOMP|live job/i.test(line)) return 'rules.md#realtime';
      if (area === 'pricing' || area === 'faqs' || /pricing|trial/i.test(line)) return 'screens.md#pricing-page';
      return 'rules.md#constants';
    default:
      throw new Error(`No mapping for spec ${doc} §${section} (${file}: ${line.trim()})`);
  }
}

/** Headings of the design notes' DECISIONS.md, by the document that now holds each. */
const DECISION_HEADINGS = {
  'paths and calls': 'rules.md#paths-and-calls',
  errors: 'rules.md#error-shape',
  'accounts and tokens': 'rules.md#accounts-and-tokens',
  shops: 'rules.md#shops',
  traffic: 'rules.md#traffic',
  'jobs and files': 'rules.md#jobs-and-files',
  'management data': 'rules.md#shop-scope',
  realtime: 'rules.md#realtime',
  'limits and proxies': 'rules.md#rate-limits',
  'global analytics': 'departures.md#owner-analytics-and-settings',
  fix: 'departures.md#owner-analytics-and-settings',
};

/** A bare "(DECISIONS)": the line's subject says which rule it meant. */
const DECISION_WORDS = [
  [/rate card/i, 'rules.md#rate-card'],
  [/shopId|only one\)|one shop/i, 'rules.md#shop-scope'],
  [/walk-ins|notify/i, 'rules.md#recycle-bin'],
  [/messages an hour|per address/i, 'rules.md#rate-limits'],
  [/proof of the account|onboarding token/i, 'rules.md#shops'],
  [/amount|payment|order/i, 'rules.md#orders-and-earnings'],
  [/password|letter and a digit/i, 'rules.md#passwords'],
  [/JSON part/i, 'rules.md#paths-and-calls'],
  [/upload|50 files|first 50/i, 'rules.md#upload-limits'],
  [/platform-wide|OWNER/, 'departures.md#owner-analytics-and-settings'],
  [/public/i, 'rules.md#public-calls'],
];

function decisionTarget(heading, line) {
  if (heading) {
    if (/management data/i.test(heading) && /paper|sheets|stock/i.test(line)) return 'rules.md#paper-and-inventory';
    const found = DECISION_HEADINGS[heading.toLowerCase()];
    if (!found) throw new Error(`No mapping for DECISIONS heading "${heading}" (${line.trim()})`);
    return found;
  }
  const found = DECISION_WORDS.find(([re]) => re.test(line))?.[1];
  if (!found) throw new Error(`No mapping for a bare DECISIONS citation (${line.trim()})`);
  return found;
}

/**
 * Lines that read badly with a path dropped in, or whose sentence needed a word changed to stay
 * true. Keyed by the old line's text (trimmed); the value replaces it, indentation kept.
 */
const OVERRIDES = {
  "/** Spec 01 §5, in the spec's order; the message is used verbatim. */":
    "/** The accepted types of docs/product/rules.md#upload-limits, in the spec's order; the message is used verbatim. */",
  '/** Spec 01 §2 prices a photo "per photo"; an item that is a photo reads better that way. */':
    '/** The default rates (docs/product/rules.md#constants) price a photo "per photo"; an item that is a photo reads better that way. */',
  '/** Spec 01 §2 shows a static 99.00 wallet; it is a welcome balance that is not spendable yet. */':
    '/** The wallet shows 99.00 (docs/product/screens.md#shop-dashboard): a welcome balance that is not spendable yet. */',
  "/** The shop's five newest jobs (spec 01 §2's recent activity, made real). */":
    "/** The shop's five newest jobs (the recent activity of docs/product/screens.md#shop-dashboard, made real). */",
  "/** Spec 02 §7's customer calls; `?shopId=` is optional for a user with one shop (DECISIONS). */":
    '/** The customer calls (docs/product/routes.md#customers); `?shopId=` is optional for a user with one shop (docs/product/rules.md#shop-scope). */',
  "/** Spec 02 §7's settings calls. Every call names a shop the user owns (or means their only one). */":
    '/** The settings calls (docs/product/routes.md#settings). Every call names a shop the user owns (or means their only one). */',
  "/** One save for the profile and the banners picked but not uploaded yet (spec 02 §7's multipart call). */":
    '/** One save for the profile and the banners picked but not uploaded yet (the multipart call of docs/product/routes.md#settings). */',
  "/** Spec 02 §2.3's detail/edit modal; tags are typed comma-separated (spec 02 §5). */":
    '/** The detail/edit modal of docs/product/screens.md#customers; tags are typed comma-separated. */',
  "/** Spec 02 §2.4's Recent Orders: sorted and paged here, 8 a page; export takes every order shown. */":
    '/** Recent Orders (docs/product/screens.md#earnings): sorted and paged here, 8 a page; export takes every order shown. */',
  "/** Spec 02 §2.5's profile form plus the onboarding fields DECISIONS lets settings edit. */":
    '/** The profile form of docs/product/screens.md#settings, plus the onboarding fields settings edit too (docs/product/rules.md#shops). */',
  "/** Spec 02 §2.5's add-item form. SKU and name are marked required; the server says so if they are missing. */":
    '/** The inventory add-item form (docs/product/screens.md#settings). SKU and name are marked required; the server says so if they are missing. */',
  "/** Spec 02 §3's save payload; the server reads bannersToRemove and ignores the list of banners kept. */":
    '/** The profile save payload (docs/product/screens.md#settings); the server reads bannersToRemove and ignores the list of banners kept. */',
  "/** DECISIONS' fix: an OWNER's /settings is their own account (name, password), not a shop. */":
    "/** An OWNER's /settings is their own account (name, password), not a shop (docs/product/departures.md#owner-analytics-and-settings). */",
  "/** /settings: a shop owner's shop (spec 02 §2.5) and own account, or an OWNER's own account (DECISIONS' fix). */":
    "/** /settings: a shop owner's shop (docs/product/screens.md#settings) and own account, or an OWNER's own account (docs/product/departures.md#owner-analytics-and-settings). */",
  "/** The route table of spec 01 §2, with DECISIONS' additions (verify-email, linked public pages, OWNER analytics/settings). */":
    '/** The route table of docs/product/routes.md#web-routes (verify-email, linked public pages and OWNER analytics/settings included). */',
  "* Storage keys of spec 01 §3, plus DECISIONS' onboardingToken. Other features read these names.":
    '* Storage keys of docs/product/rules.md#client-storage, onboardingToken included. Other features read these names.',
  '/** Calls DECISIONS lists as public: no bearer and none of the session-expiry rules. */':
    '/** Calls docs/product/rules.md#public-calls lists as public: no bearer and none of the session-expiry rules. */',
  '/** Shown only to users holding several roles (spec 01 §2 Shell, §4 role switching). */':
    '/** Shown only to users holding several roles (docs/product/screens.md#shell; switching: docs/product/rules.md#roles). */',
  "describe('route table and guards (spec 01 §2, §4)', () => {":
    "describe('route table and guards (docs/product/routes.md#web-routes, docs/product/rules.md#roles)', () => {",
  "/** Spec 01 §4 'Mark as Printed?', with the amount and payment that become an order (DECISIONS). */":
    "/** 'Mark as Printed?' (docs/product/screens.md#live-print-jobs), with the amount and payment that become an order (docs/product/rules.md#orders-and-earnings). */",
  "/** Spec 01 §2/§4 shop onboarding: four steps, one call, then the shop's public link. */":
    "/** Shop onboarding (docs/product/screens.md#shop-onboarding): four steps, one call, then the shop's public link. */",
  "describe('upload card: client rules (spec 01 §5, DECISIONS)', () => {":
    "describe('upload card: client rules (docs/product/screens.md#public-shop-page-and-upload, docs/product/rules.md#upload-limits)', () => {",
  '* Adds a new selection to the list under spec 01 §5 and DECISIONS: only the first 50 files of a':
    '* Adds a new selection to the list under docs/product/rules.md#upload-limits: only the first 50 files of a',
  '/** Refusals and failures, each with its title (spec 01 §5, §8) so the customer knows which file and why. */':
    '/** Refusals and failures, each with its title (docs/product/screens.md#public-shop-page-and-upload) so the customer knows which file and why. */',
  '/** Public navigation and footer (spec 01 §2 "Public navigation", spec 02 §2.7 footer links). */':
    '/** Public navigation and footer (docs/product/screens.md#public-navigation). */',
  '/** Spec 01 "Jobs and viewer": \'Latest uploads\', search by name or phone, a count, View. */':
    "/** docs/product/screens.md#live-print-jobs: 'Latest uploads', search by name or phone, a count, View. */",
  '/** Spec 01 "Jobs and viewer": file list, preview, Download, Mark Printed, Close. */':
    '/** docs/product/screens.md#live-print-jobs: file list, preview, Download, Mark Printed, Close. */',
  '/** Spec 01 "Jobs and viewer": the download-folder card with Choose folder and Clear. */':
    '/** docs/product/screens.md#live-print-jobs: the download-folder card with Choose folder and Clear. */',
  '/** Search by customer name or phone (spec 01 "Jobs and viewer"); a phone matches with or without spaces. */':
    '/** Search by customer name or phone (docs/product/screens.md#live-print-jobs); a phone matches with or without spaces. */',
  '* The live job feed (spec 02 §4, §7, §9). Only the /printJob page imports this module, so SockJS':
    '* The live job feed (docs/product/rules.md#realtime). Only the /printJob page imports this module, so SockJS',
  "describe('live jobs STOMP client (spec 02 §7, §9)', () => {":
    "describe('live jobs STOMP client (docs/product/rules.md#realtime)', () => {",
  '/** POST /api/contact: public, 10 s timeout (spec 02 §7, §9); 201 {ok:true} on success. */':
    '/** POST /api/contact: public, 10 s timeout (docs/product/rules.md#constants); 201 {ok:true} on success. */',
  '/** Spec 01 §4: signed in means a readable token holding at least one role. */':
    '/** docs/product/rules.md#roles: signed in means a readable token holding at least one role. */',
  '/** An owner of several shops picks which one the staff screens show (DECISIONS: Shops). */':
    '/** An owner of several shops picks which one the staff screens show (docs/product/rules.md#shops). */',
  "/** Spec 02 §5/§9: the settings screen's rules and choices. */":
    "/** The settings screen's rules and choices (docs/product/screens.md#settings, docs/product/rules.md#constants). */",
  '/** Spec 02 §4/§9. */': '/** docs/product/screens.md#earnings, docs/product/rules.md#constants. */',
  '/** Spec 02 §9: report ranges; a custom range names its first and last day. */':
    '/** Report ranges (docs/product/rules.md#constants); a custom range names its first and last day. */',
  '/** Spec 02 §4/§9: an item is low when at most 10% of its total remains. */':
    '/** An item is low when at most 10% of its total remains (docs/product/rules.md#paper-and-inventory). */',
  '/** Spec 02 §4: low when flagged, or when at most 10% of the total remains; never before stock is recorded. */':
    '/** docs/product/rules.md#paper-and-inventory: low when flagged, or when at most 10% of the total remains; never before stock is recorded. */',
  "* - lowStock when remaining ≤ 10% of total (spec 02 §4) or remaining ≤ the item's lowStockThreshold,":
    "* - lowStock when remaining ≤ 10% of total (docs/product/rules.md#paper-and-inventory) or remaining ≤ the item's lowStockThreshold,",
  '* Paper inventory definitions (spec 02 §3 names the fields, not their meaning):':
    '* Paper inventory definitions (the specification named the fields, not their meaning; docs/product/rules.md#paper-and-inventory):',
  '/** Spec 02 §3 plan: static display data. */': '/** A plan (docs/product/screens.md#pricing-page): static display data. */',
  '/** Spec 02 §3 testimonial: static display data. */':
    '/** A testimonial (docs/product/screens.md#reviews-page): static display data. */',
  '/** POST /api/feature/feedback/analytics (spec 02 §3 "Feature feedback"). */':
    '/** POST /api/feature/feedback/analytics (docs/product/screens.md#feature-feedback). */',
  "/** GET /api/earnings (spec 02 §3 shape) and refunds. Without `shopId` it covers all the user's shops. */":
    "/** GET /api/earnings (docs/product/routes.md#reports) and refunds. Without `shopId` it covers all the user's shops. */",
  '/** GET /api/analytics (spec 02 §3 shape) and the paper restock, whose fields all travel in the query. */':
    '/** GET /api/analytics (docs/product/routes.md#reports) and the paper restock, whose fields all travel in the query. */',
  '* under Drizzle (parameter bug, see STACK.md).':
    '* under Drizzle (parameter bug, see docs/decisions/001-drizzle-over-pglite-and-pg.md).',
  '/** Spec: staff download links live 10 minutes. */': '/** Staff download links live 10 minutes (docs/product/rules.md#signed-links). */',
  '/** Staff open a file through a signed link that lives this long (spec: 10 minutes). */':
    '/** Staff open a file through a signed link that lives this long (docs/product/rules.md#signed-links). */',
  '/** Product behaviour shared by the server and the web app (DECISIONS.md: Jobs and files). */':
    '/** Product behaviour shared by the server and the web app (docs/product/rules.md#upload-limits, docs/product/rules.md#retention). */',
  '/** Marketing figures of spec 02 §1 (content, not measured by this product). */':
    '/** Marketing figures (docs/product/overview.md#marketing-claims): content, not measured by this product. */',
  "/** The trial on the pricing page (spec 02 §9); the spec's other '14 days' reading is not used anywhere. */":
    "/** The trial on the pricing page (docs/product/overview.md#marketing-claims); the spec's other '14 days' reading is not used anywhere. */",
  '/** Spec 02 §9 pricing FAQ: after the trial, cancellation, volume discounts, payment methods. */':
    '/** The pricing FAQ (docs/product/screens.md#pricing-page): after the trial, cancellation, volume discounts, payment methods. */',
  "* features/public-shop/accent.ts builds around the spec's default primary #06b6d4 (spec 01 §9).":
    '* features/public-shop/accent.ts builds around the default primary #06b6d4 (docs/product/rules.md#constants).',
};

// "spec 01 §2", "Spec 02 §2.7, §9", "spec 02 §2.5/§4", "spec 01 §4, QR widget" (the name stays).
const SPEC =
  /\b[Ss]pec (0[12]) (§\d+(?:\.\d+)?(?:(?:, ?|\/| and )§\d+(?:\.\d+)?)*)(?:,? (?:Shell|Login|Home|Reviews|Pricing|User role|public navigation|QR widget|forgot password|keys)\b)?('s)?/g;
// "DECISIONS", "DECISIONS.md", "DECISIONS' fix", with a heading as "…", (…) or ": Heading".
const DECISIONS =
  /\bDECISIONS(?:\.md)?(?:' (fix))?(?::? "([^"]+)"| \(([^)]+)\)|: (Shops|Traffic|Paths and calls|Jobs and files|Management data|Accounts and tokens)\b)?/g;

function rewriteLine(line, file) {
  const key = line.trim();
  if (OVERRIDES[key] !== undefined) return line.slice(0, line.indexOf(key)) + OVERRIDES[key] + line.slice(line.indexOf(key) + key.length);
  let out = line.replace(SPEC, (_m, doc, sections, possessive) => {
    const targets = [...new Set(sections.split(/, ?|\/| and /).map((s) => P + specTarget(doc, s.replace('§', ''), line, file)))];
    if (possessive) throw new Error(`Possessive spec citation needs an override: ${file}: ${key}`);
    return targets.join(', ');
  });
  out = out.replace(DECISIONS, (_m, fix, quoted, paren, named) => {
    const target = P + decisionTarget(fix ?? quoted ?? paren ?? named, line);
    return target;
  });
  return out;
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (EXTENSIONS.test(name)) yield full;
  }
}

const NEEDS = /\b[Ss]pec 0[12]\b|\bDECISIONS\b|STACK\.md|ARCHITECTURE\.md|EXAMPLES\.md|\.\.\/shared\/|^\s*(\/\*\*|\*|\/\/).*\b[Ss]pec:/;
let changedLines = 0;
const pending = [];
for (const top of SCAN) {
  for (const file of files(path.join(ROOT, top))) {
    const rel = path.relative(ROOT, file);
    const text = readFileSync(file, 'utf8');
    if (!NEEDS.test(text) && !text.split('\n').some((l) => NEEDS.test(l))) continue;
    let count = 0;
    const lines = text.split('\n').map((line) => {
      if (!NEEDS.test(line) && OVERRIDES[line.trim()] === undefined) return line;
      const next = rewriteLine(line, rel);
      if (next !== line) {
        count++;
        if (DRY) console.log(`${rel}\n  - ${line.trim()}\n  + ${next.trim()}`);
      }
      return next;
    });
    if (count === 0) continue;
    changedLines += count;
    pending.push([file, lines.join('\n')]);
  }
}
// Written only once every line has a mapping: an unmapped citation stops the run before any file changes.
if (!DRY) for (const [file, text] of pending) writeFileSync(file, text);
const changedFiles = pending.length;
console.log(`${DRY ? 'would rewrite' : 'rewrote'} ${changedLines} citation lines in ${changedFiles} files`);
