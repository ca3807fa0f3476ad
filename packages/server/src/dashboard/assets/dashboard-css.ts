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
`;
