// Drives Inspect's log viewer (the one `inspect view` serves) in headless
// Chromium through playwright-core and reports, for each swarm member,
// whether the transcript's timeline picker offers it and what its
// trajectory shows once picked.
//
// Usage: node members.js NODE_MODULES CHROMIUM USER_DATA_DIR URL SPEC
// where SPEC is JSON: [{"member": "bob", "own": ["It is 7."], "others": ["The answer is 42."]}].
// Prints one JSON line: [{"member", "selectable", "own_found", "others_found", "tool_calls"}].
// host/cli/viewer_e2e_test.go runs it.
const [modules, chromiumPath, userDataDir, url, specJSON] = process.argv.slice(2);
const { chromium } = require(`${modules}/playwright-core`);

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TIMEOUT = 30000;

async function pick(page, member) {
  const picker = page.locator('button[aria-haspopup=listbox]').first();
  await picker.waitFor({ timeout: TIMEOUT });
  await picker.click();
  const option = page.getByRole('option', { name: member, exact: true });
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

async function check(page, entry) {
  await page.goto(url);
  const selectable = await pick(page, entry.member);
  const text = selectable ? await settled(page, await trajectory(page, entry.member), entry.others) : '';
  return {
    member: entry.member,
    selectable,
    own_found: entry.own.filter((s) => text.includes(s)),
    others_found: entry.others.filter((s) => text.includes(s)),
    tool_calls: (text.match(/TOOL: /g) || []).length,
  };
}

(async () => {
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath, args: FLAGS, viewport: { width: 1400, height: 1000 } });
  try {
    const page = await context.newPage();
    const out = [];
    for (const entry of JSON.parse(specJSON)) out.push(await check(page, entry));
    console.log(JSON.stringify(out));
  } finally {
    await context.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
