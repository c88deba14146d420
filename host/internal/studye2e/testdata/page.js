// Opens a study report page (swarmhost report) in headless Chromium through
// playwright-core, offline, and reports what rendered: every table's rows
// with each cell's text and data-value, every chart's size and marks (their
// data attributes and whether each sits inside its chart), the requests the
// page made besides itself, and the page's errors. It writes a screenshot of
// the page's top (down to the cost charts, at most 2 400 pixels) to
// SCREENSHOT when one is named.
//
// Usage: node page.js NODE_MODULES CHROMIUM USER_DATA_DIR URL [SCREENSHOT]
// Prints one JSON line. host/internal/studye2e runs it.
const [modules, chromiumPath, userDataDir, url, screenshot] = process.argv.slice(2);
const { chromium } = require(`${modules}/playwright-core`);

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function collect() {
  const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
  const inside = (a, b) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.w <= b.x + b.w + 0.5 && a.y + a.h <= b.y + b.h + 0.5;
  const tables = [...document.querySelectorAll('table')].map((t) => ({
    id: t.id, arm: t.dataset.arm || '', class: t.className,
    visible: box(t).w > 0 && box(t).h > 0,
    header: [...t.querySelectorAll('thead th')].map((th) => th.innerText.trim()),
    rows: [...t.querySelectorAll('tbody tr')].map((tr) => ({
      data: { ...tr.dataset },
      cells: [...tr.children].map((td) => ({ text: td.innerText.trim(), value: td.dataset.value ?? null })),
    })),
  }));
  const charts = [...document.querySelectorAll('svg[data-chart]')].map((svg) => {
    const frame = box(svg);
    const marks = [...svg.querySelectorAll('[data-value]')].map((m) => {
      const b = box(m);
      return { ...m.dataset, tag: m.tagName, w: b.w, h: b.h, inside: inside(b, frame) };
    });
    return { id: svg.id, w: frame.w, h: frame.h, marks,
      series: [...svg.querySelectorAll('[data-series]')].map((s) => s.dataset.series),
      texts: [...svg.querySelectorAll('text')].map((t) => t.textContent.trim()).filter((t) => t) };
  });
  return { title: document.title, tables, charts, scripts: document.scripts.length };
}

(async () => {
  const browser = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath, headless: true, args: FLAGS, viewport: { width: 1200, height: 900 },
    offline: true,
  });
  try {
    const page = browser.pages()[0] || await browser.newPage();
    const requests = [];
    const errors = [];
    page.on('request', (r) => { if (r.url() !== url) requests.push(r.url()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(url, { waitUntil: 'load' });
    const result = await page.evaluate(collect);
    if (screenshot) {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.screenshot({ path: screenshot, fullPage: true, clip: { x: 0, y: 0, width: 1200, height: Math.min(height, 2400) } });
    }
    process.stdout.write(JSON.stringify({ ...result, requests, errors }) + '\n');
  } finally {
    await browser.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
