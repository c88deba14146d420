// Drives an Inspect log viewer in headless Chromium through playwright-core
// and reports, for each swarm member, whether the viewer lets one select it
// and what its trajectory shows once selected. TARGET names the viewer:
//   timeline (the default): the one `inspect view` serves; a member is picked in the
//     transcript's timeline picker and its trajectory is the page's text.
//   outline: the npm log viewer (@metrevals/inspect-log-viewer 0.3.180-beta2), which has no
//     timeline picker: a member is selected in the transcript's outline (its span tree), and its
//     trajectory is what its agent span holds: the texts that leave the page when that span's
//     panel is collapsed.
//
// Usage: node members.js NODE_MODULES CHROMIUM USER_DATA_DIR URL SPEC [TARGET]
// where SPEC is JSON: [{"member": "bob", "own": ["It is 7."], "others": ["The answer is 42."]}].
// Prints one JSON line: [{"member", "selectable", "own_found", "others_found", "tool_calls"}].
// host/e2e/viewer_e2e_test.go and viewer_npm_e2e_test.go run it.
const [modules, chromiumPath, userDataDir, url, specJSON, target = 'timeline'] = process.argv.slice(2);
const { chromium } = require(`${modules}/playwright-core`);

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TIMEOUT = 30000;

async function pick(page, member) {
  const picker = page.locator('button[aria-haspopup=listbox]').first();
  await picker.waitFor({ timeout: TIMEOUT });
  await picker.click();
  const option = page.getByRole('option', { name: member, exact: true });
  // The list may render a moment after the click: wait for the option, at most SETTLE ms.
  await option.first().waitFor({ timeout: SETTLE }).catch(() => {});
  if ((await option.count()) === 0) return false;
  await option.first().click();
  await page.getByText(new RegExp(`^\\s*${member}\\s*$`)).first().waitFor({ timeout: TIMEOUT });
  return (await picker.innerText()).trim() === member;
}

async function trajectory(page, member) {
  const agent = page.getByText(new RegExp(`SUB-AGENT: ${member}`, 'i')).first();
  if ((await agent.count()) > 0) await agent.click();
  await page.getByText(/MODEL CALL/i).first().waitFor({ timeout: TIMEOUT });
  return page.innerText('body');
}

// settled re-reads the page while it still shows another member's text, at most SETTLE ms: the
// viewer re-renders the trajectory a moment after the picker changes, so a first read can still
// hold the previous member's. Text that stays is reported.
const SETTLE = 10000;
async function settled(page, text, others) {
  for (const end = Date.now() + SETTLE; others.some((s) => text.includes(s)) && Date.now() < end;) {
    await page.waitForTimeout(250);
    text = await page.innerText('body');
  }
  return text;
}

function view(entry, selectable, shows) {
  return {
    member: entry.member,
    selectable,
    own_found: entry.own.filter(shows),
    others_found: entry.others.filter(shows),
    tool_calls: shows.count('TOOL: '),
  };
}

function within(text) {
  const shows = (s) => text.includes(s);
  shows.count = (s) => text.split(s).length - 1;
  return shows;
}

async function checkTimeline(page, entry) {
  await page.goto(url);
  const selectable = await pick(page, entry.member);
  const text = selectable ? await settled(page, await trajectory(page, entry.member), entry.others) : '';
  return view(entry, selectable, within(text));
}

// outlineLink is the transcript outline's entry for a span named name: a link to ?event=<span id>.
function outlineLink(page, name) {
  return page.locator('a[href*="event="]', { hasText: new RegExp(`^\\s*${name}\\s*$`) }).first();
}

// selectInOutline clicks the member's outline entry and returns the id of the span it selected when
// that span's panel is the member's agent span ("agent: <member>"), else undefined.
async function selectInOutline(page, member) {
  const link = outlineLink(page, member);
  await page.getByText(/MODEL CALL/i).first().waitFor({ timeout: TIMEOUT });
  // The outline may render after the first event does (under load, seconds after): wait for the
  // member's entry, at most SETTLE ms, before deciding it is not there.
  await link.waitFor({ timeout: SETTLE }).catch(() => {});
  if ((await link.count()) === 0) return undefined;
  const id = (await link.getAttribute('href')).split('event=')[1];
  await link.click();
  await page.waitForURL((u) => u.href.endsWith(`event=${id}`), { timeout: TIMEOUT });
  const label = (await page.locator(`[id="event-panel-${id}"]`).first().innerText()).split('\n')[0].trim();
  return new RegExp(`^AGENT: ${member}\\b`, 'i').test(label) ? id : undefined;
}

// checkOutline selects the member in the outline, then collapses its agent span: what the span
// held (its own calls) is what the page no longer shows, counted occurrence by occurrence since
// the sample's header and score show the answer too.
async function checkOutline(page, entry) {
  await page.goto('about:blank');
  await page.goto(url);
  const id = await selectInOutline(page, entry.member);
  if (id === undefined) return view(entry, false, within(''));
  const panel = page.locator(`[id="event-panel-${id}"]`).first();
  const folded = panel.getByText(/^\s*\d+ events?\s*$/);
  const toggle = panel.locator(':scope > div').first();
  if ((await folded.count()) > 0) await toggle.click(); // left collapsed by an earlier check
  await folded.waitFor({ state: 'detached', timeout: TIMEOUT });
  const before = await page.innerText('body');
  await toggle.click();
  // A span whose panel does not fold (no "N events" within SETTLE ms) held nothing the page shows.
  await folded.waitFor({ timeout: SETTLE }).catch(() => {});
  const after = await page.innerText('body');
  const held = (s) => before.split(s).length > after.split(s).length;
  held.count = (s) => (before.split(s).length - after.split(s).length);
  return view(entry, true, held);
}

const TARGETS = { timeline: checkTimeline, outline: checkOutline };

(async () => {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath, args: FLAGS, viewport: { width: 1400, height: 1000 } });
  try {
    const check = TARGETS[target];
    if (!check) throw new Error(`unknown target ${target}`);
    const page = await context.newPage();
    const out = [];
    for (const entry of JSON.parse(specJSON)) out.push(await check(page, entry));
    console.log(JSON.stringify(out));
  } finally {
    await context.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
