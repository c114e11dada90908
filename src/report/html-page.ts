// The HTML report's own style and script (docs/html.md), fixed text: no data is ever spliced in.
// The script reads the model from the JSON block, builds the page with createElement and
// textContent (never innerHTML), and draws each chart with Chart.js, inlined before it. Animation
// is off, so every chart is drawn once the script has run. Point labels are drawn on the canvas.

export const PAGE_STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; color: #222; margin: 0; background: #fafafa; }
main { max-width: 1100px; margin: 0 auto; padding: 16px 24px 48px; }
h1 { font-size: 22px; margin: 8px 0 2px; }
h2 { font-size: 18px; margin: 32px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
p.sub, p.note { color: #555; margin: 4px 0; }
figure { margin: 16px 0; background: #fff; border: 1px solid #e3e3e3; border-radius: 4px; padding: 8px; }
figcaption { font-weight: 600; margin: 4px 0 0; }
div.chart { position: relative; height: 420px; }
table { border-collapse: collapse; margin: 12px 0; background: #fff; font-size: 13px; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; white-space: normal; overflow-wrap: anywhere; max-width: 360px; }
`;

export const PAGE_SCRIPT = `
(function () {
  'use strict';
  var model = JSON.parse(document.getElementById('report-data').textContent);
  var root = document.getElementById('report');
  var ROLE = { yours: '#d62728', reference: '#1f77b4', classifier: '#8c8c8c' };
  var PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf', '#393b79', '#637939', '#843c39'];

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }

  var pointLabels = {
    id: 'pointLabels',
    afterDatasetsDraw: function (chart) {
      var ctx = chart.ctx;
      ctx.save();
      ctx.font = '11px system-ui, sans-serif';
      ctx.fillStyle = '#222';
      chart.data.datasets.forEach(function (ds, i) {
        var meta = chart.getDatasetMeta(i);
        if (meta.hidden) return;
        meta.data.forEach(function (pt, j) {
          ctx.fillText(String(ds.data[j].label), pt.x + 7, pt.y - 6);
        });
      });
      ctx.restore();
    },
  };

  function fmt(v) {
    return v === null || v === undefined ? 'n/a' : v.toFixed(1) + '%';
  }

  function config(c) {
    var scatter = c.kind === 'scatter';
    var others = 0;
    var datasets = c.datasets.map(function (ds) {
      var col = ds.role === 'yours' || (scatter && ds.role) ? ROLE[ds.role] : PALETTE[others++ % PALETTE.length];
      return {
        label: ds.label,
        data: ds.data,
        backgroundColor: col,
        borderColor: col,
        borderWidth: c.kind === 'line' ? 2 : 1,
        pointRadius: scatter ? (ds.role === 'yours' ? 8 : 5) : 2,
        pointStyle: ds.role === 'yours' ? 'rectRot' : 'circle',
        spanGaps: false,
        clip: scatter ? 12 : undefined,
      };
    });
    var y = { min: 0, max: 100, title: { display: true, text: c.y } };
    var x = scatter ? { type: 'linear', min: 0, max: 100, title: { display: true, text: c.x } } : { title: { display: true, text: c.x } };
    return {
      type: c.kind,
      data: scatter ? { datasets: datasets } : { labels: c.labels, datasets: datasets },
      plugins: scatter ? [pointLabels] : [],
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: { x: x, y: y },
        plugins: {
          legend: { position: 'bottom' },
          tooltip: {
            callbacks: {
              label: function (ctx) {
                if (scatter) return ctx.raw.label + ': ' + c.x + ' ' + fmt(ctx.raw.x) + ', ' + c.y + ' ' + fmt(ctx.raw.y);
                return ctx.dataset.label + ': ' + fmt(ctx.raw);
              },
            },
          },
        },
      },
    };
  }

  function table(t) {
    var tb = el('table');
    tb.appendChild(el('caption', t.caption));
    var head = el('tr');
    t.head.forEach(function (h) {
      head.appendChild(el('th', h));
    });
    var thead = el('thead');
    thead.appendChild(head);
    tb.appendChild(thead);
    var body = el('tbody');
    t.rows.forEach(function (r) {
      var tr = el('tr');
      r.forEach(function (cell) {
        tr.appendChild(el('td', cell));
      });
      body.appendChild(tr);
    });
    tb.appendChild(body);
    return tb;
  }

  document.title = model.title;
  root.appendChild(el('h1', model.title));
  root.appendChild(el('p', model.subtitle, 'sub'));
  model.sections.forEach(function (s) {
    var section = el('section');
    root.appendChild(section);
    section.appendChild(el('h2', s.title));
    s.notes.forEach(function (n) {
      section.appendChild(el('p', n, 'note'));
    });
    s.charts.forEach(function (c) {
      var fig = el('figure');
      var box = el('div', undefined, 'chart');
      var canvas = el('canvas');
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', c.title);
      box.appendChild(canvas);
      fig.appendChild(box);
      fig.appendChild(el('figcaption', c.title));
      section.appendChild(fig);
      new Chart(canvas, config(c));
    });
    s.tables.forEach(function (t) {
      section.appendChild(table(t));
    });
  });
})();
`;
