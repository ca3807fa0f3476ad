/**
 * The dashboard's one stylesheet, served from /dashboard/assets/dashboard.css. Mobile first
 * (readable from 360 px), wider layout from 900 px; focus is always visible; errors and
 * confirmations carry words as well as colour.
 */
export const DASHBOARD_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1b1f24;background:#f6f7f9}
body{margin:0}
a{color:#0b57d0}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible,summary:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
.skip{position:absolute;left:-9999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:10}
.top{background:#12263f;color:#fff;padding:.75rem 1rem}
.top a{color:#fff}
.brand{margin:0 0 .5rem;font-weight:600}
.brand .muted{color:#c8d3e0;font-weight:400}
.top nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .9rem}
.top nav a[aria-current=page]{font-weight:700;text-decoration:underline;text-decoration-thickness:3px}
.top .who{margin:.5rem 0 0;font-size:.875rem;color:#c8d3e0}
.inline{display:inline}
.link-button{background:none;border:0;padding:0;color:inherit;font:inherit;text-decoration:underline;cursor:pointer}
main{max-width:1200px;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
h3{font-size:1.05rem;margin:1rem 0 .5rem}
.muted{color:#5a6472}
.card{background:#fff;border:1px solid #d5dae1;border-radius:8px;padding:1rem;margin:0 0 1rem}
.card>h2:first-child,.card>h3:first-child{margin-top:0}
.card h2{overflow-wrap:anywhere}
.grid{display:grid;gap:1rem;grid-template-columns:1fr}
@media (min-width:900px){.grid{grid-template-columns:repeat(auto-fill,minmax(320px,1fr))}}
.field{margin:0 0 1rem;display:flex;flex-direction:column;gap:.25rem;max-width:36rem}
.field.checkbox{flex-direction:row;flex-wrap:wrap;align-items:center;gap:.5rem}
.field.checkbox .hint,.field.checkbox .field-error{flex-basis:100%}
label{font-weight:600}
input,select,textarea{font:inherit;padding:.5rem;border:1px solid #8a94a3;border-radius:6px;background:#fff;max-width:100%}
input[type=checkbox]{width:1.2rem;height:1.2rem}
.has-error input,.has-error select,.has-error textarea{border:2px solid #b3261e}
.field-error{color:#b3261e;margin:0}
.counts{list-style:none;padding:0;margin:.25rem 0}
.hint{margin:0;color:#5a6472;font-size:.9rem}
button,.button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #0b57d0;background:#0b57d0;color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
button.secondary{background:#fff;color:#0b57d0}
button.danger{background:#b3261e;border-color:#b3261e}
.notice{padding:.75rem 1rem;border-radius:6px;margin:0 0 1rem;border-left:6px solid}
.notice.error{background:#fdecea;border-color:#b3261e}
.notice.ok{background:#e7f5ea;border-color:#1e7b34}
.notice.warn{background:#fff6e0;border-color:#9a6700}
.secret{font-family:ui-monospace,Menlo,Consolas,monospace;word-break:break-all;background:#f0f2f5;padding:.5rem;border-radius:4px;display:block}
.table-wrap{overflow-x:auto;margin:0 0 1rem}
.table-wrap:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #d5dae1;vertical-align:top}
th{background:#eef1f5}
dl.figures{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dl.figures dt{font-weight:600}
dl.figures dd{margin:0;min-width:0;overflow-wrap:anywhere}
.meter{font-variant-numeric:tabular-nums}
.badge{display:inline-block;padding:0 .4rem;border-radius:4px;border:1px solid currentColor;font-size:.85rem}
.badge.bad{color:#b3261e}.badge.good{color:#1e7b34}.badge.wait{color:#9a6700}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.calendar{table-layout:fixed}
.calendar td{height:4.5rem;font-size:.85rem}
.calendar .day-number{font-weight:600}
@media (max-width:600px){.calendar th,.calendar td{padding:.2rem;font-size:.75rem}}
fieldset{border:1px solid #d5dae1;border-radius:6px;margin:0 0 1rem;padding:.75rem}
legend{font-weight:600}
.post-text{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
.post-summary{min-width:12rem;max-width:28rem}
.thumbs{list-style:none;margin:.25rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem}
.thumbs img{width:3rem;height:3rem;object-fit:cover;border-radius:4px;border:1px solid #d5dae1;display:block}
.thumbs.large img{width:8rem;height:8rem}
.thumb-label{font-size:.8rem;color:#5a6472;overflow-wrap:anywhere}
.pager{display:flex;flex-wrap:wrap;gap:1rem;align-items:center}
.calendar .today{outline:3px solid #0b57d0;outline-offset:-3px}
.calendar td a{display:block}
code,.mono{overflow-wrap:anywhere;word-break:break-all}
.feed{display:grid;gap:1rem;grid-template-columns:1fr}
@media (min-width:900px){.feed{grid-template-columns:repeat(auto-fill,minmax(340px,1fr))}}
.delivery{margin:0;max-width:36rem}
.delivery-head{display:flex;flex-wrap:wrap;gap:.25rem .5rem;align-items:baseline;margin:0 0 .5rem}
.network-name{text-transform:capitalize}
.card-media img{max-width:100%;max-height:16rem;border-radius:6px;display:block}
.card-media.square img{width:100%;aspect-ratio:1/1;object-fit:cover;max-height:none}
.link-card{border:1px solid #d5dae1;border-radius:8px;padding:.5rem;margin:.5rem 0}
.chart-wrap{margin:0 0 1rem}
.chart{display:block;width:100%;height:auto;max-height:24rem;background:#fff;border:1px solid #d5dae1;border-radius:8px}
@media (max-width:700px){.chart text{font-size:26px}.chart text.minor{display:none}}
.legend{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;margin:0 0 .5rem}
.legend li{display:flex;align-items:center;gap:.35rem}
dl.totals{display:grid;grid-template-columns:repeat(auto-fill,minmax(8.5rem,1fr));gap:.5rem;margin:0}
dl.totals div{background:#f6f7f9;border-radius:6px;padding:.5rem}
dl.totals dt{font-size:.85rem;color:#5a6472;text-transform:capitalize}
dl.totals dd{margin:0;font-size:1.2rem;font-weight:600;font-variant-numeric:tabular-nums}
dl.totals dd .muted{font-size:.9rem;font-weight:400}
.best-posts{padding-left:1.5rem}
.best-posts li{margin:0 0 .75rem}
[aria-current=true]{font-weight:700}
.composer{display:grid;gap:1rem;grid-template-columns:minmax(0,1fr);align-items:start}
@media (min-width:1000px){.composer{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}.previews{position:sticky;top:1rem}}
.previews>h2{margin-top:0}
.previews .delivery{margin:0 0 1rem}
.cancel-one{color:#b3261e}
.library-thumb{display:block;width:4rem;height:4rem;object-fit:cover;border-radius:4px;border:1px solid #d5dae1;margin:0 0 .25rem}
.profile-switch{align-items:flex-end;margin:0 0 1rem}
.profile-switch .field{margin:0}
.pick-grid{list-style:none;margin:0;padding:0;display:grid;gap:.5rem;grid-template-columns:repeat(auto-fill,minmax(7rem,1fr))}
.pick-grid li{position:relative}
.pick-grid input{position:absolute;top:.4rem;left:.4rem}
.pick-grid label{display:flex;flex-direction:column;gap:.25rem;font-weight:400;border:2px solid #d5dae1;border-radius:8px;padding:.35rem;cursor:pointer;background:#fff}
.pick-grid input:checked+label{border-color:#0b57d0;background:#eef4ff}
.pick-grid input:focus-visible+label{outline:3px solid #f2a900;outline-offset:2px}
.pick-grid img,.thumb-box{width:100%;aspect-ratio:1/1;object-fit:cover;border-radius:4px;display:flex;align-items:center;justify-content:center;background:#eef1f5;color:#5a6472}
.counts{list-style:none;margin:.5rem 0 0;padding:.5rem 0 0;border-top:1px solid #d5dae1;font-size:.9rem;font-variant-numeric:tabular-nums}
.count{color:#5a6472}
.count.over{color:#b3261e;font-weight:600}
.members{list-style:none;margin:0;padding:0;display:grid;gap:.4rem}
.members li{overflow-wrap:anywhere}
.figure-line{margin:.15rem 0 0;font-size:.9rem;font-variant-numeric:tabular-nums}
@media (max-width:700px){
table.stack thead{position:absolute;left:-9999px}
table.stack,table.stack tbody,table.stack tr{display:block;width:100%}
table.stack{background:none}
table.stack tr{background:#fff;border:1px solid #d5dae1;border-radius:8px;margin:0 0 .75rem;padding:.25rem 0}
table.stack td,table.stack th[scope=row]{display:grid;grid-template-columns:minmax(5.5rem,38%) minmax(0,1fr);gap:.5rem;border:0;padding:.3rem .75rem;background:none;text-align:left;font-weight:400}
table.stack td::before,table.stack th[scope=row]::before{content:attr(data-label);font-weight:600;color:#1b1f24}
table.stack td:not([data-label]){display:block}
table.stack td,table.stack th[scope=row]{justify-items:start}
table.stack caption{display:block;text-align:left}
table.stack .post-summary{min-width:0}
}
`;
