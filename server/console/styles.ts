/**
 * The console's one stylesheet, inlined in every page: no file to serve, nothing fetched from outside the server.
 * Text colours keep a contrast of at least 4.5:1 on their backgrounds; focus is always visible.
 */
export const consoleStyles = `
:root { color-scheme: light; --ink: #1b1f24; --muted: #4a5360; --line: #c9d1db; --accent: #0b5cad; --ok: #17663a;
  --bad: #a3161f; --wait: #7a4d00; --paper: #ffffff; --wash: #f3f5f8; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, sans-serif; color: var(--ink); background: var(--paper); }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 8px; top: 8px; background: var(--paper); padding: 4px 8px; }
header { display: flex; flex-wrap: wrap; gap: 16px; align-items: center; padding: 10px 20px;
  background: var(--wash); border-bottom: 1px solid var(--line); }
header nav { display: flex; flex-wrap: wrap; gap: 16px; align-items: center; flex: 1; }
header nav ul { display: flex; flex-wrap: wrap; gap: 14px; list-style: none; margin: 0; padding: 0; }
header nav a[aria-current="page"] { font-weight: 700; color: var(--ink); }
.sign-out { margin-left: auto; display: flex; gap: 8px; align-items: center; color: var(--muted); }
main { padding: 8px 20px 40px; max-width: 1400px; }
h1 { font-size: 1.5rem; }
table { border-collapse: collapse; margin: 8px 0 16px; }
th, td { text-align: left; padding: 4px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
caption { text-align: left; color: var(--muted); padding: 4px 0; }
code { font: 13px ui-monospace, monospace; }
label { display: block; margin-top: 8px; }
input, select, button { font: inherit; padding: 4px 8px; }
button { border: 1px solid var(--accent); background: var(--accent); color: #fff; border-radius: 4px; cursor: pointer; }
.sign-out button { background: var(--paper); color: var(--accent); }
.sign-in { max-width: 360px; }
.sign-in button, .setting button { margin-top: 12px; }
.search { display: flex; gap: 8px; align-items: end; flex-wrap: wrap; }
.problem { color: var(--bad); font-weight: 600; }
.done { color: var(--ok); font-weight: 600; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; }
.facts dt { color: var(--muted); }
.inline { display: inline-block; margin-right: 8px; }
fieldset { margin-top: 12px; border: 1px solid var(--line); max-width: 520px; }
.history { list-style: none; padding-left: 0; }
.history > li { margin-bottom: 10px; }
.drawing { overflow: auto; border: 1px solid var(--line); padding: 8px; background: var(--paper); }
.lineage text.column { font-weight: 700; fill: var(--muted); }
.lineage .node { fill: var(--wash); stroke: var(--line); stroke-width: 1.5; }
.lineage .node.ok { stroke: var(--ok); }
.lineage .node.bad { stroke: var(--bad); stroke-width: 3; }
.lineage .node.wait { stroke: var(--wait); stroke-dasharray: 4 3; }
.lineage text.name { fill: var(--ink); font-size: 13px; }
.lineage text.status { fill: var(--muted); font-size: 12px; }
.lineage a:focus-visible .node { stroke: var(--accent); stroke-width: 3; }
.lineage .edge { fill: none; stroke: var(--muted); stroke-width: 1.2; }
.tags label { display: inline-block; margin-right: 12px; }
.tags button { display: block; margin-top: 8px; }
.danger a { color: var(--bad); }
button.danger { background: var(--bad); border-color: var(--bad); }
header nav li.local { border-left: 1px solid var(--line); padding-left: 14px; }
td.ok { color: var(--ok); }
/* Long values (a topic's JSON, a request's query) wrap instead of widening the page. */
table.settings td, table.records td, table.requests td { overflow-wrap: anywhere; }
table.requests td:nth-child(1), table.requests td:nth-child(3), table.requests td:nth-child(5) { white-space: nowrap; }
table.requests td:nth-child(2) { min-width: 24ch; }
td.bad { color: var(--bad); font-weight: 600; }
`;
