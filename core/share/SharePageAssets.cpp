// The shared map's style and script, inlined into index.html and allowed there by their
// SHA-256 (SharePage.cpp). The script reads the data block, draws on a canvas (2-D context:
// 100,000 points in well under a second; at overview the points are translucent, so density
// shows as depth of colour) and puts every text on screen with textContent, never as markup.
// `#colour=cluster` (domain, score0, ...) in the URL picks the colouring; `#selftest` makes the
// page check itself after the first draw (non-blank canvas,
// hover text) and print the result into <pre id="selftest">: tests/cli/tst_cli_share reads it
// from a headless Chromium.
#include <string_view>

namespace dl::share_detail {

extern const std::string_view kStyle;
extern const std::string_view kScript;

const std::string_view kStyle = R"CSS(
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #222; background: #fafafa; }
header { padding: 8px 16px; background: #fff; border-bottom: 1px solid #ddd; }
h1 { font-size: 18px; margin: 0; } h2 { font-size: 15px; margin: 0 0 8px; }
#provenance { margin: 4px 0 0; color: #555; font-size: 12px; }
main { display: flex; gap: 12px; padding: 12px; }
#mapPane { flex: 3; min-width: 320px; } #side { flex: 2; min-width: 280px; overflow: auto; }
#controls { display: flex; gap: 16px; align-items: center; margin-bottom: 6px; }
#count { color: #555; font-size: 12px; }
#plot { position: relative; height: 70vh; background: #fff; border: 1px solid #ddd; }
#map { width: 100%; height: 100%; display: block; }
#tip { position: absolute; max-width: 420px; padding: 6px 8px; background: rgba(255,255,255,0.96);
       border: 1px solid #888; border-radius: 3px; font-size: 12px; pointer-events: none; white-space: pre-wrap; }
#legend span { display: inline-block; margin: 4px 12px 0 0; font-size: 12px; }
#legend i { display: inline-block; width: 10px; height: 10px; margin-right: 4px; border-radius: 5px; }
table { border-collapse: collapse; font-size: 12px; }
td, th { border: 1px solid #ddd; padding: 3px 6px; text-align: right; }
th { background: #f0f0f0; font-weight: 600; } td.best { font-weight: 700; background: #e3edf7; }
)CSS";

const std::string_view kScript = R"JS(
(function () {
  'use strict';
  const el = (id) => document.getElementById(id);
  const data = JSON.parse(el('data').textContent);
  const P = data.points, n = P.x.length;
  const palette = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7',
                   '#9c755f', '#bab0ac'];
  const colourOf = (i) => i < 0 ? '#9a9a9a' : i >= 100 ? scoreColour(i - 100)
      : i < palette.length ? palette[i] : 'hsl(' + ((i * 137.508) % 360) + ',55%,48%)';
  el('title').textContent = data.title;
  el('provenance').textContent = data.provenance;
  el('metrics').textContent = data.metrics;
  el('count').textContent = n + ' of ' + data.total + ' points' + (n < data.total ? ' (' + data.sampleRule + ')' : '');

  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (let i = 0; i < n; ++i) {
    minX = Math.min(minX, P.x[i]); maxX = Math.max(maxX, P.x[i]);
    minY = Math.min(minY, P.y[i]); maxY = Math.max(maxY, P.y[i]);
  }
  if (!(maxX > minX)) { minX -= 1; maxX += 1; }
  if (!(maxY > minY)) { minY -= 1; maxY += 1; }
  const canvas = el('map'), ctx = canvas.getContext('2d'), tip = el('tip');
  let W = 0, H = 0, grid = new Map();
  const pad = 24, cell = 8;
  const sx = (x) => pad + (x - minX) / (maxX - minX) * (W - 2 * pad);
  const sy = (y) => H - pad - (y - minY) / (maxY - minY) * (H - 2 * pad);

  // Selection scores: each run one more "colour by" choice, on a sequential scale (ColorBrewer
  // Blues: low = pale, high = dark), in ten bins at the score's own deciles.
  const scoreBins = data.scores.map((s) => {
    const v = s.values.filter((x) => x !== null).sort((a, b) => a - b);
    return [1, 2, 3, 4, 5, 6, 7, 8, 9].map((q) => v[Math.floor(q * (v.length - 1) / 10)]);
  });
  data.scores.forEach((s, r) => {
    const option = document.createElement('option');
    option.value = 'score' + r;
    option.textContent = s.name;
    el('colourBy').appendChild(option);
  });
  const blues = ['#d0e1f2', '#b7d4ea', '#94c4df', '#6baed6', '#4a98c9', '#2e7ebc', '#1764ab', '#084a91', '#08306b',
                 '#041f4a'];
  const scoreColour = (bin) => blues[bin];
  function scoreRun() { const v = el('colourBy').value; return v.startsWith('score') ? Number(v.slice(5)) : -1; }
  function category(i) {
    const r = scoreRun();
    if (r >= 0) {
      const x = data.scores[r].values[i];
      if (x === null) return -1;
      let bin = 0;
      while (bin < 9 && x > scoreBins[r][bin]) ++bin;
      return 100 + bin;
    }
    return el('colourBy').value === 'cluster' ? P.cluster[i] : P.domain[i];
  }
  function names() {
    const r = scoreRun();
    if (r >= 0) return ['lowest tenth', '', '', '', '', '', '', '', '', 'highest tenth'];
    return el('colourBy').value === 'cluster' ? data.clusters : data.domains;
  }

  function drawEllipses() {
    if (!el('ellipses').checked) return;
    ctx.globalAlpha = 0.9; ctx.lineWidth = 1.5;
    data.ellipses.forEach((e, c) => {
      const [a, b, d] = [e.cov[0], e.cov[1], e.cov[3]];
      const half = (a + d) / 2, r = Math.sqrt(((a - d) / 2) ** 2 + b * b);
      const l1 = Math.max(half + r, 0), l2 = Math.max(half - r, 0), t = 0.5 * Math.atan2(2 * b, a - d);
      ctx.strokeStyle = el('colourBy').value === 'cluster' ? colourOf(c) : '#333';
      ctx.beginPath();
      for (let s = 0; s <= 64; ++s) {
        const u = 2 * Math.PI * s / 64, px = 2 * Math.sqrt(l1) * Math.cos(u), py = 2 * Math.sqrt(l2) * Math.sin(u);
        const x = e.mean[0] + px * Math.cos(t) - py * Math.sin(t), y = e.mean[1] + px * Math.sin(t) + py * Math.cos(t);
        if (s === 0) ctx.moveTo(sx(x), sy(y)); else ctx.lineTo(sx(x), sy(y));
      }
      ctx.stroke();
      ctx.fillStyle = '#111'; ctx.font = '12px system-ui, sans-serif';
      ctx.fillText(data.clusters[c] || ('c' + c), sx(e.mean[0]) + 4, sy(e.mean[1]) - 4);
    });
  }

  function draw() {
    const rect = canvas.getBoundingClientRect();
    W = canvas.width = Math.max(200, Math.round(rect.width));
    H = canvas.height = Math.max(200, Math.round(rect.height));
    ctx.fillStyle = '#ffffff'; ctx.fillRect(0, 0, W, H);
    const size = n > 50000 ? 2 : n > 5000 ? 3 : 4;
    ctx.globalAlpha = n > 20000 ? 0.35 : 0.8;
    const byCategory = new Map();
    grid = new Map();
    for (let i = 0; i < n; ++i) {
      const c = category(i);
      if (!byCategory.has(c)) byCategory.set(c, []);
      byCategory.get(c).push(i);
      const key = Math.floor(sx(P.x[i]) / cell) + ',' + Math.floor(sy(P.y[i]) / cell);
      if (!grid.has(key)) grid.set(key, []);
      grid.get(key).push(i);
    }
    // One fillStyle per run of points, but the categories interleaved in runs of 512, so no
    // category is painted over all the others just because it came last.
    const runs = [...byCategory.entries()];
    for (let start = 0, more = true; more; start += 512) {
      more = false;
      for (const [c, members] of runs) {
        if (start >= members.length) continue;
        more = true;
        ctx.fillStyle = colourOf(c);
        const end = Math.min(start + 512, members.length);
        for (let m = start; m < end; ++m) {
          const i = members[m];
          ctx.fillRect(sx(P.x[i]) - size / 2, sy(P.y[i]) - size / 2, size, size);
        }
      }
    }
    drawEllipses();
    ctx.globalAlpha = 1;
    const legend = el('legend');
    legend.textContent = '';
    const offset = scoreRun() >= 0 ? 100 : 0;
    names().forEach((name, c) => {
      const span = document.createElement('span'), dot = document.createElement('i');
      dot.style.background = colourOf(c + offset);
      span.appendChild(dot);
      span.appendChild(document.createTextNode(name));
      legend.appendChild(span);
    });
  }

  function hoverLine(i) {
    const domain = P.domain[i] >= 0 ? data.domains[P.domain[i]] : '(no label)';
    let line = domain + ' \u00b7 ' + (data.clusters[P.cluster[i]] || ('c' + P.cluster[i]));
    const r = scoreRun();
    if (r >= 0) line += ' \u00b7 score ' + (data.scores[r].values[i] === null ? 'none' : data.scores[r].values[i].toPrecision(4));
    return line;
  }

  function nearest(px, py) {
    let best = -1, bestD = 36;
    const gx = Math.floor(px / cell), gy = Math.floor(py / cell);
    for (let dx = -1; dx <= 1; ++dx) for (let dy = -1; dy <= 1; ++dy) {
      for (const i of grid.get((gx + dx) + ',' + (gy + dy)) || []) {
        const d = (sx(P.x[i]) - px) ** 2 + (sy(P.y[i]) - py) ** 2;
        if (d < bestD) { bestD = d; best = i; }
      }
    }
    return best;
  }

  canvas.addEventListener('mousemove', (ev) => {
    const rect = canvas.getBoundingClientRect();
    const px = (ev.clientX - rect.left) * W / rect.width, py = (ev.clientY - rect.top) * H / rect.height;
    const i = nearest(px, py);
    if (i < 0) { tip.hidden = true; return; }
    tip.textContent = P.text[i] + '\n' + hoverLine(i);
    tip.style.left = Math.min(ev.clientX - rect.left + 12, rect.width - 200) + 'px';
    tip.style.top = (ev.clientY - rect.top + 12) + 'px';
    tip.hidden = false;
  });
  canvas.addEventListener('mouseleave', () => { tip.hidden = true; });
  el('colourBy').addEventListener('change', draw);
  el('ellipses').addEventListener('change', draw);
  window.addEventListener('resize', draw);

  function confusionTable() {
    const table = el('confusion');
    if (!data.confusion.length) { table.textContent = 'The corpus has no domain labels.'; return; }
    const head = table.insertRow(), corner = document.createElement('th');
    head.appendChild(corner);
    data.clusters.forEach((name) => { const th = document.createElement('th'); th.textContent = name; head.appendChild(th); });
    data.confusion.forEach((row, d) => {
      const tr = table.insertRow(), th = document.createElement('th');
      th.textContent = data.domains[d];
      tr.appendChild(th);
      const best = row.indexOf(Math.max(...row));
      row.forEach((count, c) => { const td = tr.insertCell(); td.textContent = count; if (c === best) td.className = 'best'; });
    });
  }

  // The URL's fragment: "#colour=cluster" (or domain, score0, ...) picks the colouring, so a
  // link can say what to look at; "selftest" runs the self-check below.
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has('colour') && [...el('colourBy').options].some((o) => o.value === hash.get('colour')))
    el('colourBy').value = hash.get('colour');
  confusionTable();
  draw();
  if (hash.has('selftest')) {
    const pixels = ctx.getImageData(0, 0, W, H).data;
    let drawn = 0;
    for (let p = 0; p < pixels.length; p += 4) if (pixels[p] < 250 || pixels[p + 1] < 250 || pixels[p + 2] < 250) ++drawn;
    const rect = canvas.getBoundingClientRect(), i = n > 0 ? 0 : -1;
    let hover = '';
    if (i >= 0) {
      canvas.dispatchEvent(new MouseEvent('mousemove', {
        clientX: rect.left + sx(P.x[i]) * rect.width / W, clientY: rect.top + sy(P.y[i]) * rect.height / H, bubbles: true }));
      hover = tip.hidden ? '' : tip.textContent;
    }
    const out = el('selftest');
    out.textContent = JSON.stringify({ points: n, nonBlankPixels: drawn, canvas: [W, H], hoverText: hover,
                                       expectedText: i >= 0 ? P.text[i] : '' });
    out.hidden = false;
  }
})();
)JS";

}  // namespace dl::share_detail
