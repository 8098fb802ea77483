"""The HTML report's inline style sheet and script (no external files, nothing fetched)."""

STYLE = """
:root { --supports: #d4f0d4; --contradicts: #f7c9c9; --addressed: #fbe3b5;
  --unchecked: #e3dcef; --ink: #1d2330; --muted: #5b6473; }
* { box-sizing: border-box; }
body { font: 16px/1.6 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink);
  max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; }
header { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between;
  border-bottom: 1px solid #ccd; margin-bottom: 1rem; }
h1 { font-size: 1.4rem; margin: .5rem 0; }
#summary { background: #f6f7fa; border: 1px solid #dde; border-radius: 6px; padding: .5rem 1rem; }
#summary h2 { font-size: 1.1rem; margin: .3rem 0; }
.counts, .totals { list-style: none; padding: 0; margin: .4rem 0; display: flex; flex-wrap: wrap;
  gap: .5rem; }
.count, .total { border-radius: 4px; padding: .1rem .6rem; border: 1px solid #ccd; }
.n { font-weight: 700; }
.v-supports { background: var(--supports); }
.v-contradicts { background: var(--contradicts); }
.v-not-addressed, .v-insufficient-evidence { background: var(--addressed); }
.v-not-checked { background: var(--unchecked); }
.total { background: #fff; }
#document { margin-top: 1.5rem; }
.claim { border-radius: 3px; padding: 0 .1rem; cursor: pointer; }
.claim.needs-review { text-decoration: underline dashed #7a2b2b; text-underline-offset: 3px; }
.claim-marker { font-size: .7em; vertical-align: super; text-decoration: none; color: var(--ink);
  border-radius: 8px; padding: 0 .3rem; margin-left: .1rem; border: 1px solid #99a; }
details.evidence { margin: .3rem 0 1rem 1rem; border-left: 4px solid #99a; padding: .2rem .6rem;
  background: #fafbfc; }
details.evidence.v-supports { border-left-color: #3c9a3c; }
details.evidence.v-contradicts { border-left-color: #c43c3c; }
details.evidence.v-not-addressed, details.evidence.v-insufficient-evidence {
  border-left-color: #d49a1c; }
details.evidence.v-not-checked { border-left-color: #8a6fb5; }
details.evidence summary { cursor: pointer; font-size: .92rem; }
.badge { border-radius: 3px; padding: 0 .35rem; font-size: .8rem; font-weight: 600;
  border: 1px solid #99a; text-transform: uppercase; letter-spacing: .02em; }
.records { list-style: none; padding-left: .2rem; }
.record { background: #fff; margin: .4rem 0; padding: .4rem .6rem; border: 1px solid #dde;
  border-radius: 4px; font-size: .92rem; }
.record .flag { color: #7a2b2b; font-weight: 600; }
.record .cited, .conf { color: var(--muted); }
.evidence-quote { margin: .4rem 0 0 0; padding: .3rem .6rem; border-left: 3px solid #ccd;
  background: #f6f7fa; white-space: pre-wrap; }
.pid { font-family: ui-monospace, monospace; font-weight: 600; margin-right: .3rem; }
.error { color: #5a3d86; margin: .3rem 0 0; }
.note { color: #8a3b12; margin: .3rem 0 0; font-size: .9em; }
.image { color: var(--muted); font-style: italic; }
#uncited { margin-top: 2rem; color: var(--muted); }
#uncited .line { font-family: ui-monospace, monospace; margin-right: .4rem; }
pre, code { background: #f1f2f5; border-radius: 3px; }
pre { padding: .6rem; overflow-x: auto; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccd; padding: .2rem .5rem; }
"""

SCRIPT = """
(function () {
  function panel(n) { return document.getElementById("claim-" + n); }
  document.querySelectorAll(".claim, .claim-marker").forEach(function (el) {
    el.addEventListener("click", function (event) {
      var details = panel(el.getAttribute("data-claim"));
      if (!details) { return; }
      event.preventDefault();
      details.open = !details.open;
      if (details.open) { details.scrollIntoView({block: "nearest"}); }
    });
  });
  function setAll(open) {
    document.querySelectorAll("details.evidence").forEach(function (d) { d.open = open; });
  }
  document.getElementById("expand-all").addEventListener("click", function () { setAll(true); });
  document.getElementById("collapse-all").addEventListener("click", function () { setAll(false); });
})();
"""
