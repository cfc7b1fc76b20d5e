// The shared map's style and script, inlined into index.html and allowed there by their
// SHA-256 (SharePage.cpp). The script decodes the per-point block into typed arrays, draws the
// points into one pixel buffer (each pixel the mean colour of its points, its opacity growing
// with their count on a log scale, so density shows at overview and 1.5M points draw in well
// under a second), then the ellipses and labels on top; hover finds the nearest point through a
// counting-sorted grid. The sentences arrive after the script (the last block of the file) and
// serve hover once the document is parsed. Every text reaches the screen by textContent, never
// as markup.
// `#colour=cluster` (domain, score0, ...) in the URL picks the colouring; `#selftest` makes the
// page check itself once the sentences are in (non-blank canvas, hover text, a markup sentence
// hovered as text, timings) and print the result into <pre id="selftest">: tests/cli/tst_cli_share
// reads it from a headless Chromium.
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
td.text { text-align: left; max-width: 320px; } .panel { margin-top: 16px; } .note { color: #555; font-size: 12px; }
canvas.figure { width: 100%; height: 120px; display: block; border: 1px solid #ddd; background: #fff; }
)CSS";

const std::string_view kScript = R"JS(
(function () {
  'use strict';
  const t0 = performance.now();
  const el = (id) => document.getElementById(id);
  const data = JSON.parse(el('meta').textContent);
  const n = data.n, L = data.layers.length;
  const raw = atob(el('points').textContent.trim()), bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; ++i) bytes[i] = raw.charCodeAt(i);
  if (bytes.length !== n * (12 + 4 * L)) throw new Error('point block of ' + bytes.length + ' bytes for ' + n + ' points');
  const buf = bytes.buffer, X = new Float32Array(buf, 0, n), Y = new Float32Array(buf, 4 * n, n);
  const layer = [];
  for (let r = 0; r < L; ++r) layer.push(new Float32Array(buf, (8 + 4 * r) * n, n));
  const CL = new Int16Array(buf, (8 + 4 * L) * n, n), DM = new Int16Array(buf, (10 + 4 * L) * n, n);
  const tDecoded = performance.now();
  let texts = null;  // the sentences, once the document is parsed

  const palette = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7',
                   '#9c755f', '#bab0ac'];
  // ColorBrewer Blues for a score's deciles (low = pale); kept/removed for a filter.
  const blues = ['#d0e1f2', '#b7d4ea', '#94c4df', '#6baed6', '#4a98c9', '#2e7ebc', '#1764ab', '#084a91', '#08306b',
                 '#041f4a'];
  const colourOf = (c) => c < 0 ? '#9a9a9a' : c >= 200 ? (c === 201 ? '#d62728' : '#c7c7c7') : c >= 100 ? blues[c - 100]
      : c < palette.length ? palette[c] : 'hsl(' + ((c * 137.508) % 360) + ',55%,48%)';
  const rgbCache = new Map();
  function rgbOf(c) {
    if (!rgbCache.has(c)) {
      const probe = document.createElement('canvas').getContext('2d');
      probe.fillStyle = colourOf(c); probe.fillRect(0, 0, 1, 1);
      rgbCache.set(c, probe.getImageData(0, 0, 1, 1).data.slice(0, 3));
    }
    return rgbCache.get(c);
  }
  el('title').textContent = data.title;
  el('provenance').textContent = data.provenance;
  el('metrics').textContent = data.metrics;
  el('count').textContent = n + ' of ' + data.total + ' points' + (n < data.total ? ' (' + data.sampleRule + ')' : '');
  data.layers.forEach((l, r) => {
    const option = document.createElement('option');
    option.value = 'layer' + r;
    option.textContent = l.name;
    el('colourBy').appendChild(option);
  });

  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (let i = 0; i < n; ++i) {
    if (X[i] < minX) minX = X[i]; if (X[i] > maxX) maxX = X[i];
    if (Y[i] < minY) minY = Y[i]; if (Y[i] > maxY) maxY = Y[i];
  }
  if (!(maxX > minX)) { minX -= 1; maxX += 1; }
  if (!(maxY > minY)) { minY -= 1; maxY += 1; }
  const canvas = el('map'), ctx = canvas.getContext('2d'), tip = el('tip');
  let W = 0, H = 0, gw = 0, cellStart = null, cellPoints = null;
  const pad = 24, cell = 8;
  const sx = (x) => pad + (x - minX) / (maxX - minX) * (W - 2 * pad);
  const sy = (y) => H - pad - (y - minY) / (maxY - minY) * (H - 2 * pad);

  // A score layer in ten bins at its own deciles; a filter layer as kept / removed.
  const deciles = data.layers.map((l, r) => {
    if (l.kind !== 'score') return null;
    const v = Array.from(layer[r]).filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
    return [1, 2, 3, 4, 5, 6, 7, 8, 9].map((q) => v[Math.floor(q * (v.length - 1) / 10)]);
  });
  const mode = () => el('colourBy').value;
  const layerOf = () => mode().startsWith('layer') ? Number(mode().slice(5)) : -1;
  function categories() {
    const out = new Int16Array(n), r = layerOf();
    if (r < 0) { out.set(mode() === 'cluster' ? CL : DM); return out; }
    const v = layer[r], cuts = deciles[r];
    for (let i = 0; i < n; ++i) {
      if (Number.isNaN(v[i])) { out[i] = -1; continue; }
      if (!cuts) { out[i] = v[i] > 0.5 ? 201 : 200; continue; }
      let bin = 0;
      while (bin < 9 && v[i] > cuts[bin]) ++bin;
      out[i] = 100 + bin;
    }
    return out;
  }
  function legendNames() {
    const r = layerOf();
    if (r >= 0) return deciles[r] ? ['lowest tenth', '', '', '', '', '', '', '', '', 'highest tenth'] : ['kept', 'removed'];
    return mode() === 'cluster' ? data.clusters : data.domains;
  }

  function drawEllipses() {
    if (!el('ellipses').checked) return;
    ctx.globalAlpha = 0.9; ctx.lineWidth = 1.5;
    data.ellipses.forEach((e, c) => {
      const [a, b, d] = [e.cov[0], e.cov[1], e.cov[3]];
      const half = (a + d) / 2, r = Math.sqrt(((a - d) / 2) ** 2 + b * b);
      const l1 = Math.max(half + r, 0), l2 = Math.max(half - r, 0), t = 0.5 * Math.atan2(2 * b, a - d);
      ctx.strokeStyle = mode() === 'cluster' ? colourOf(c) : '#333';
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
    ctx.globalAlpha = 1;
  }

  // The points: every point adds its colour to the pixels of its square; a pixel shows the mean
  // colour of its points over white, opaque by log(1 + count) against the busiest pixel.
  function draw() {
    const rect = canvas.getBoundingClientRect();
    W = canvas.width = Math.max(200, Math.round(rect.width));
    H = canvas.height = Math.max(200, Math.round(rect.height));
    const size = n > 200000 ? 1 : n > 50000 ? 2 : n > 5000 ? 3 : 4, half = size >> 1;
    const cat = categories(), count = new Uint32Array(W * H), sum = new Float32Array(3 * W * H);
    gw = Math.ceil(W / cell);
    const gh = Math.ceil(H / cell), cellOf = new Int32Array(n);
    cellStart = new Int32Array(gw * gh + 1);
    for (let i = 0; i < n; ++i) {
      const px = Math.round(sx(X[i])), py = Math.round(sy(Y[i])), rgb = rgbOf(cat[i]);
      for (let dy = -half; dy < size - half; ++dy) {
        const yy = py + dy;
        if (yy < 0 || yy >= H) continue;
        for (let dx = -half; dx < size - half; ++dx) {
          const xx = px + dx;
          if (xx < 0 || xx >= W) continue;
          const p = yy * W + xx;
          ++count[p]; sum[3 * p] += rgb[0]; sum[3 * p + 1] += rgb[1]; sum[3 * p + 2] += rgb[2];
        }
      }
      const g = Math.min(gh - 1, Math.max(0, Math.floor(py / cell))) * gw + Math.min(gw - 1, Math.max(0, Math.floor(px / cell)));
      cellOf[i] = g; ++cellStart[g + 1];
    }
    for (let g = 0; g < gw * gh; ++g) cellStart[g + 1] += cellStart[g];
    const fill = cellStart.slice(0, gw * gh);
    cellPoints = new Int32Array(n);
    for (let i = 0; i < n; ++i) cellPoints[fill[cellOf[i]]++] = i;
    let busiest = 1;
    for (let p = 0; p < W * H; ++p) if (count[p] > busiest) busiest = count[p];
    const img = ctx.createImageData(W, H), px = img.data, scale = 1 / Math.log1p(busiest);
    for (let p = 0; p < W * H; ++p) {
      const c = count[p];
      let r = 255, g = 255, b = 255;
      if (c > 0) {
        const a = 0.35 + 0.65 * Math.log1p(c) * scale;
        r = 255 * (1 - a) + a * sum[3 * p] / c; g = 255 * (1 - a) + a * sum[3 * p + 1] / c; b = 255 * (1 - a) + a * sum[3 * p + 2] / c;
      }
      px[4 * p] = r; px[4 * p + 1] = g; px[4 * p + 2] = b; px[4 * p + 3] = 255;
    }
    ctx.putImageData(img, 0, 0);
    drawEllipses();
    const legend = el('legend');
    legend.textContent = '';
    const offset = layerOf() < 0 ? 0 : deciles[layerOf()] ? 100 : 200;
    legendNames().forEach((name, c) => {
      const span = document.createElement('span'), dot = document.createElement('i');
      dot.style.background = colourOf(c + offset);
      span.appendChild(dot);
      span.appendChild(document.createTextNode(name));
      legend.appendChild(span);
    });
  }

  function hoverLine(i) {
    const domain = DM[i] >= 0 ? data.domains[DM[i]] : '(no label)';
    let line = domain + ' \u00b7 ' + (data.clusters[CL[i]] || ('c' + CL[i]));
    const r = layerOf();
    if (r >= 0 && deciles[r]) line += ' \u00b7 score ' + (Number.isNaN(layer[r][i]) ? 'none' : layer[r][i].toPrecision(4));
    if (r >= 0 && !deciles[r]) line += ' \u00b7 ' + (layer[r][i] > 0.5 ? 'removed' : 'kept');
    return line;
  }

  function nearest(px, py) {
    let best = -1, bestD = 36;
    const gx = Math.floor(px / cell), gy = Math.floor(py / cell), gh = cellStart.length > 1 ? (cellStart.length - 1) / gw : 0;
    for (let dx = -1; dx <= 1; ++dx) for (let dy = -1; dy <= 1; ++dy) {
      if (gx + dx < 0 || gx + dx >= gw || gy + dy < 0 || gy + dy >= gh) continue;
      const g = (gy + dy) * gw + gx + dx;
      for (let m = cellStart[g]; m < cellStart[g + 1]; ++m) {
        const i = cellPoints[m], d = (sx(X[i]) - px) ** 2 + (sy(Y[i]) - py) ** 2;
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
    tip.textContent = (texts ? texts[i] : '(the sentences are still loading)') + '\n' + hoverLine(i);
    tip.style.left = Math.min(ev.clientX - rect.left + 12, rect.width - 200) + 'px';
    tip.style.top = (ev.clientY - rect.top + 12) + 'px';
    tip.hidden = false;
  });
  canvas.addEventListener('mouseleave', () => { tip.hidden = true; });
  el('colourBy').addEventListener('change', draw);
  el('ellipses').addEventListener('change', draw);
  window.addEventListener('resize', draw);

  const cellText = (row, text, cls) => { const td = row.insertCell(); td.textContent = text; if (cls) td.className = cls; return td; };
  function headerRow(table, names) {
    const head = table.insertRow();
    names.forEach((name) => { const th = document.createElement('th'); th.textContent = name; head.appendChild(th); });
  }
  function confusionTable() {
    const table = el('confusion');
    if (!data.confusion.length) { table.textContent = 'The corpus has no domain labels.'; return; }
    headerRow(table, [''].concat(data.clusters));
    data.confusion.forEach((row, d) => {
      const tr = table.insertRow(), th = document.createElement('th');
      th.textContent = data.domains[d];
      tr.appendChild(th);
      const best = row.indexOf(Math.max(...row));
      row.forEach((count, c) => cellText(tr, count, c === best ? 'best' : ''));
    });
  }
  function panel(parent, title) {
    const div = document.createElement('div'), h = document.createElement('h2');
    div.className = 'panel'; h.textContent = title; div.appendChild(h); parent.appendChild(div);
    return div;
  }
  function note(parent, text) { const p = document.createElement('p'); p.className = 'note'; p.textContent = text; parent.appendChild(p); }
  function domainTable(parent, rows, what) {
    if (!rows.length) return;
    const table = document.createElement('table');
    headerRow(table, ['true domain', 'seen', what, 'share']);
    rows.forEach((r) => {
      const tr = table.insertRow();
      cellText(tr, r.domain, 'text'); cellText(tr, r.seen); cellText(tr, r.marked);
      cellText(tr, r.seen ? (100 * r.marked / r.seen).toFixed(1) + ' %' : '-');
    });
    parent.appendChild(table);
  }
  // The threshold figure: the pool's scores in equal-width bins (selected dark, the rest pale)
  // and the cut as a red line.
  function histogram(parent, h) {
    const fig = document.createElement('canvas');
    fig.className = 'figure'; parent.appendChild(fig);
    const w = fig.width = Math.max(240, Math.round(fig.getBoundingClientRect().width)), hgt = fig.height = 120;
    const g = fig.getContext('2d'), bins = h.selected.length;
    const top = Math.max(1, ...h.selected.map((s, b) => s + h.other[b])), bw = (w - 20) / bins;
    g.fillStyle = '#fff'; g.fillRect(0, 0, w, hgt);
    for (let b = 0; b < bins; ++b) {
      const hs = (hgt - 24) * h.selected[b] / top, ho = (hgt - 24) * h.other[b] / top;
      g.fillStyle = '#c6dbef'; g.fillRect(10 + b * bw, hgt - 16 - ho - hs, bw - 1, ho);
      g.fillStyle = '#2171b5'; g.fillRect(10 + b * bw, hgt - 16 - hs, bw - 1, hs);
    }
    g.fillStyle = '#333'; g.font = '11px system-ui, sans-serif';
    g.fillText(h.lo.toPrecision(3), 10, hgt - 3);
    const hiText = h.hi.toPrecision(3);
    g.fillText(hiText, w - 10 - g.measureText(hiText).width, hgt - 3);
    if (h.cut !== null && h.hi > h.lo) {
      const x = 10 + (h.cut - h.lo) / (h.hi - h.lo) * (w - 20);
      g.strokeStyle = '#d62728'; g.lineWidth = 2; g.beginPath(); g.moveTo(x, 4); g.lineTo(x, hgt - 16); g.stroke();
      g.fillStyle = '#d62728'; g.fillText('cut ' + h.cut.toPrecision(4), Math.min(x + 4, w - 80), 14);
    }
  }
  function selectionPanels() {
    data.selections.forEach((s) => {
      const div = panel(el('selections'), 'Selection run #' + s.run);
      note(div, s.name + ': ' + s.selected + ' of ' + s.poolSize + ' pool sentences selected (pool ' + s.pool +
                ', seed ' + s.seed + '; cut ' + s.cut + ').');
      if (s.report) note(div, s.report);
      if (s.histogram) histogram(div, s.histogram);
      note(div, 'Selected per true domain (the map\'s sentences the run scored):');
      domainTable(div, s.byDomain, 'selected');
    });
  }
  function filterPanels() {
    data.filters.forEach((f) => {
      const div = panel(el('filters'), 'Filter run #' + f.run + ': the ledger');
      note(div, f.removed + ' of ' + f.sentences + ' sentences removed, ' + f.kept + ' kept (' + f.removedOnMap +
                ' removed among the points on the map). Parameters: ' + f.params);
      const rules = document.createElement('table');
      headerRow(rules, ['rule', 'input', 'kept', 'removed', 'groups']);
      f.rules.forEach((r) => { const tr = rules.insertRow(); [r.rule, r.input, r.kept, r.removed, r.groups].forEach((v, c) => cellText(tr, v, c ? '' : 'text')); });
      div.appendChild(rules);
      note(div, 'Removed per true domain:');
      domainTable(div, f.byDomain, 'removed');
      if (!f.examples.length) return;
      note(div, 'The first removed sentences, each with the sentence it duplicates:');
      const ex = document.createElement('table');
      headerRow(ex, ['removed', 'kept twin', 'similarity']);
      f.examples.forEach((e) => { const tr = ex.insertRow(); cellText(tr, e.removed, 'text'); cellText(tr, e.kept, 'text'); cellText(tr, e.similarity.toFixed(3)); });
      div.appendChild(ex);
    });
  }

  // The URL's fragment: "#colour=cluster" (or domain, layer0, ...) picks the colouring, so a
  // link can say what to look at ("score0" is the first layer too, as before); "selftest" runs
  // the self-check below.
  const hash = new URLSearchParams(location.hash.slice(1));
  const wanted = (hash.get('colour') || '').replace(/^score/, 'layer');
  if ([...el('colourBy').options].some((o) => o.value === wanted)) el('colourBy').value = wanted;
  confusionTable();
  selectionPanels();
  filterPanels();
  draw();
  const tDrawn = performance.now();

  function hoverAt(i) {
    const rect = canvas.getBoundingClientRect();
    canvas.dispatchEvent(new MouseEvent('mousemove', {
      clientX: rect.left + sx(X[i]) * rect.width / W, clientY: rect.top + sy(Y[i]) * rect.height / H, bubbles: true }));
    return tip.hidden ? '' : tip.textContent;
  }
  function selftest() {
    const pixels = ctx.getImageData(0, 0, W, H).data;
    let drawn = 0;
    for (let p = 0; p < pixels.length; p += 4) if (pixels[p] < 250 || pixels[p + 1] < 250 || pixels[p + 2] < 250) ++drawn;
    // A sentence that is markup, hovered: it must come back as the same characters.
    const markup = texts.findIndex((t) => t.includes('<'));
    const out = el('selftest');
    out.textContent = JSON.stringify({ points: n, nonBlankPixels: drawn, canvas: [W, H],
                                       hoverText: n > 0 ? hoverAt(0) : '', expectedText: n > 0 ? texts[0] : '',
                                       markupText: markup >= 0 ? texts[markup] : '', markupHover: markup >= 0 ? hoverAt(markup) : '',
                                       panels: document.querySelectorAll('.panel').length,
                                       // milliseconds since the navigation started
                                       ms: { scriptStart: Math.round(t0), decoded: Math.round(tDecoded),
                                             mapDrawn: Math.round(tDrawn), textsReady: Math.round(tTexts) } });
    out.hidden = false;
  }
  let tTexts = 0;
  document.addEventListener('DOMContentLoaded', () => {
    const joined = JSON.parse(el('text').textContent);
    texts = n > 0 ? joined.split('\n') : [];
    tTexts = performance.now();
    if (hash.has('selftest')) selftest();
  });
})();
)JS";

}  // namespace dl::share_detail
