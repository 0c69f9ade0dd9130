// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Drives Debian's chromium (headless, through playwright-core) for tests/sh/views/browser.sh.
//
//   node view.js speedscope TRACE.json EXPORT.json SHOT.png
//	serves speedscope (from npm, on 127.0.0.1 only) and TRACE, opens TRACE in it, has
//	speedscope export what it understood (its own file format: one profile per thread, an
//	"O"/"C" event pair per slice) into EXPORT.json, and screenshots the first thread.
//   node view.js svg FILE.svg SHOT.png
//	opens the SVG and prints, per frame (<g> with a <title>), "FRAME title|w|h|shown":
//	its rectangle's size on screen and whether the browser paints it at its centre.
// Any request that leaves 127.0.0.1 (or the file) is printed as "EXTERNAL url".
'use strict';
const http = require('http'), fs = require('fs'), path = require('path');
const { chromium } = require('playwright-core');

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
	'--disable-background-networking', '--disable-component-update', '--disable-sync'];
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css',
	'.wasm': 'application/wasm', '.json': 'application/json' };

function serve(dist, trace) {
	const srv = http.createServer((req, res) => {
		const u = decodeURIComponent(req.url.split(/[?#]/)[0]);
		const f = u === '/trace.json' ? trace : path.join(dist, path.normalize(u));
		fs.readFile(f, (err, data) => {
			if (err) { res.writeHead(404); res.end(); return; }
			res.writeHead(200, { 'Content-Type': TYPES[path.extname(f)] || 'application/octet-stream' });
			res.end(data);
		});
	});
	return new Promise(ok => srv.listen(0, '127.0.0.1', () => ok(srv)));
}

function watch(page, local) {
	page.on('request', r => {
		const u = r.url();
		if (!u.startsWith(local) && !/^(data|blob):/.test(u)) console.log('EXTERNAL ' + u);
	});
	page.on('pageerror', e => console.log('PAGEERROR ' + e.message));
}

async function speedscope(trace, exportTo, shot) {
	const dist = path.join(path.dirname(require.resolve('speedscope/package.json')), 'dist/release');
	const srv = await serve(dist, trace);
	const base = `http://127.0.0.1:${srv.address().port}/`;
	const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
	try {
		const page = await browser.newPage({ acceptDownloads: true });
		watch(page, base);
		await page.goto(base + 'index.html#profileURL=/trace.json');
		// The toolbar names the thread shown ("NAME (pid P), NAME (tid T)") once the file is imported.
		await page.getByText(/\(tid \d+\)/).first().waitFor({ timeout: 20000 });
		await page.screenshot({ path: shot });
		const [dl] = await Promise.all([page.waitForEvent('download'),
			page.getByText('Export').click()]);
		await dl.saveAs(exportTo);
	} finally {
		await browser.close();
		srv.close();
	}
}

async function svg(file, shot) {
	const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
	try {
		const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
		const url = 'file://' + path.resolve(file);
		watch(page, url);
		await page.goto(url);
		const frames = await page.evaluate(() => [...document.querySelectorAll('g')]
			.filter(g => g.querySelector('title') && g.querySelector('rect'))
			.map(g => {
				const r = g.querySelector('rect').getBoundingClientRect();
				const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
				return [g.querySelector('title').textContent, r.width.toFixed(1),
					r.height.toFixed(1), hit !== null && g.contains(hit)].join('|');
			}));
		for (const f of frames) console.log('FRAME ' + f);
		await page.screenshot({ path: shot });
	} finally {
		await browser.close();
	}
}

const [mode, ...rest] = process.argv.slice(2);
(mode === 'speedscope' ? speedscope(...rest) : mode === 'svg' ? svg(...rest) :
	Promise.reject(new Error('usage: view.js speedscope|svg ...')))
	.catch(e => { console.log('ERROR ' + e.message); process.exit(1); });
