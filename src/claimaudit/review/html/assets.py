"""The HTML report's inline style sheet and script (no external files, nothing fetched)."""

from claimaudit.review.palette import PALETTE, css_variables

# Each verdict's class (v-supports, ...) sets --v (its strong colour) and --t (its tint).
_VERDICTS = "\n".join(
    f".v-{verdict.replace('_', '-')} {{ --v: var(--{c.name}); --t: var(--{c.name}-tint); }}"
    for verdict, c in PALETTE.items()
)

STYLE = (
    """
:root {
"""
    + css_variables()
    + """
  --ink: #1d2330; --muted: #5b6473; --review: #8f4a00; }
* { box-sizing: border-box; }
/* Long words (URLs, DOIs) wrap anywhere: at 320 px nothing scrolls sideways (WCAG 1.4.10). */
body { font: 16px/1.6 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink);
  max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; overflow-wrap: anywhere; }
@media (max-width: 30rem) { body { padding: .5rem .6rem 2rem; } }
header { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between;
  border-bottom: 1px solid #ccd; margin-bottom: 1rem; }
h1 { font-size: 1.4rem; margin: .5rem 0; }
#summary { background: #f6f7fa; border: 1px solid #dde; border-radius: 6px; padding: .5rem 1rem; }
#summary h2 { font-size: 1.1rem; margin: .3rem 0; }
.counts, .totals { list-style: none; padding: 0; margin: .4rem 0; display: flex; flex-wrap: wrap;
  gap: .5rem; }
.count, .total { border-radius: 4px; padding: .1rem .6rem; border: 1px solid #ccd; }
.n { font-weight: 700; }
/* A badge's grey when it names no verdict; the verdict classes below override it. */
.badge { --v: #8a8f99; }
"""
    + _VERDICTS
    + """
.count, .claim, .claim-marker { background: var(--t); }
.count { border-left: 4px solid var(--v); }
.total { background: #fff; }
#document { margin-top: 1.5rem; }
.claim { border-radius: 3px; padding: 0 .1rem; cursor: pointer; border-bottom: 2px solid var(--v); }
/* Each verdict underlines its sentence in a style of its own, so they differ in greyscale and in
   forced colours too: supports solid, contradicts double, not addressed dotted, insufficient
   dashed, not checked dashed and hatched. */
.claim.v-contradicts { border-bottom: 4px double var(--v); }
.claim.v-not-addressed { border-bottom: 3px dotted var(--v); }
.claim.v-insufficient-evidence { border-bottom-style: dashed; }
/* Not checked is no verdict: hatched and dashed, so it never reads as a judged sentence. */
.claim.v-not-checked { border-bottom-style: dashed;
  background: repeating-linear-gradient(135deg, var(--t) 0 6px, #fff 6px 9px); }
.claim-marker.v-not-checked, .count.v-not-checked { border-style: dashed; border-color: var(--v); }
.claim-marker.v-not-checked { background: #fff; }
/* Needs review: the sentence dashed underneath and its marker flagged, as the legend says. */
.claim.needs-review { text-decoration: underline dashed var(--review); text-underline-offset: 3px; }
.claim-marker.needs-review { border-color: var(--review); }
.review-mark { color: var(--review); font-weight: 700; }
.claim-marker { font-size: .7em; vertical-align: super; text-decoration: none; color: var(--ink);
  border-radius: 8px; padding: 0 .3rem; margin-left: .1rem; border: 1px solid #99a; }
/* The marker's verdict in words: read by screen readers, shown where colour is lost (print,
   forced colours). */
.marker-verdict, .visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0;
  margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
details.evidence { margin: .3rem 0 1rem 1rem; border-left: 4px solid var(--v); padding: .2rem .6rem;
  background: #fafbfc; }
details.evidence.v-not-checked { border-left-style: dashed; }
details.evidence summary { cursor: pointer; font-size: .92rem; }
/* A verdict badge: its colour says which verdict, its fill how confident (see .legend): solid
   when strong, tinted when moderate, outlined (dashed) when weak or without probabilities. */
.badge { border-radius: 3px; padding: 0 .35rem; font-size: .8rem; font-weight: 600;
  border: 1px solid var(--v); text-transform: uppercase; letter-spacing: .02em; }
.badge.s-strong, .badge.s-none { background: var(--v); color: #fff; }
.badge.s-moderate { background: color-mix(in srgb, var(--v) 20%, #fff);
  color: color-mix(in srgb, var(--v) 75%, #000); }
.badge.s-weak { background: #fff; color: var(--v); border-style: dashed; }
.legend { font-size: .85rem; color: var(--muted); border-top: 1px solid #dde; margin-top: .4rem;
  padding-top: .3rem; }
.legend ul { list-style: none; padding: 0; margin: .2rem 0; display: flex; flex-wrap: wrap;
  gap: .3rem .8rem; align-items: center; }
.legend .legend-title { font-weight: 600; }
.legend p { margin: .2rem 0; }
.records { list-style: none; padding-left: .2rem; }
.record { background: #fff; margin: .4rem 0; padding: .4rem .6rem; border: 1px solid #dde;
  border-radius: 4px; font-size: .92rem; }
.record .flag, summary .flag { color: var(--review); font-weight: 600; }
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
/* A wide table scrolls inside its own box, not the page. */
.table-scroll { max-width: 100%; overflow-x: auto; }
.table-scroll td, .table-scroll th { overflow-wrap: normal; }
/* Reference checks (--verify-refs): green when the catalogue agrees, red when the reference
   does not exist or was withdrawn, amber for a metadata mismatch, grey when not verified. */
.ref-status { border-radius: 3px; padding: 0 .35rem; font-size: .78rem; font-weight: 600;
  border: 1px solid #8a8f99; }
.r-ok { border-color: #2e7d32; color: #2e7d32; }
.r-not-found, .r-withdrawn { background: #b3261e; border-color: #b3261e; color: #fff; }
.r-metadata-mismatch { background: #fbe3b5; border-color: #a86400; color: #6b3f00; }
.r-not-verified { border-style: dashed; color: #5b6473; }
.reference { margin: .3rem 0 0; font-size: .88rem; } .ref-reason { color: var(--muted); }
.mismatches { margin: .2rem 0 0 1rem; font-size: .85rem; }
.reference-checks { list-style: none; padding: 0; } .reference-check { margin: .4rem 0; }
.latex-paragraph.footnote { font-size: .9rem; color: var(--muted); border-left: 2px solid #dde;
  padding-left: .6rem; }
.file { color: var(--muted); font-size: .8rem; font-family: monospace; }
/* Where colour is lost, verdicts still differ: the marker says its verdict, and badges and
   counts keep their borders. */
@media (forced-colors: active) {
  .marker-verdict { position: static; width: auto; height: auto; margin: 0; clip: auto;
    overflow: visible; }
  .badge.s-weak { border-style: dashed; }
  .claim.needs-review { text-decoration-color: CanvasText; }
}
/* Printed: every record's evidence (the script opens the panels; ::details-content shows a
   closed panel's records where there is no script), colours kept, the verdict named in words
   beside each marker, and no buttons. */
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  .tools { display: none; }
  .badge, .count, .claim, .claim-marker, .ref-status, details.evidence {
    print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  details.evidence::details-content { content-visibility: visible; display: block; }
  details.evidence { break-inside: avoid-page; }
  .marker-verdict { position: static; width: auto; height: auto; margin: 0; clip: auto;
    overflow: visible; }
  .claim-marker { border-color: currentColor; }
  a[href^="http"]::after { content: " <" attr(href) ">"; font-size: .85em; }
  .table-scroll { overflow: visible; }
}
"""
)

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
  // A marker opens and closes its panel: it says whether the panel is open, however the panel
  // was opened or closed (marker, sentence, summary, expand all, printing).
  document.querySelectorAll(".claim-marker").forEach(function (marker) {
    var details = panel(marker.getAttribute("data-claim"));
    if (!details) { return; }
    function sync() { marker.setAttribute("aria-expanded", String(details.open)); }
    sync();
    details.addEventListener("toggle", sync);
  });
  function setAll(open) {
    document.querySelectorAll("details.evidence").forEach(function (d) { d.open = open; });
  }
  document.getElementById("expand-all").addEventListener("click", function () { setAll(true); });
  document.getElementById("collapse-all").addEventListener("click", function () { setAll(false); });
  // A printed report shows every record's evidence: open all panels for printing, then put
  // back the ones the reader had closed.
  var closed = [];
  window.addEventListener("beforeprint", function () {
    closed = Array.prototype.filter.call(
      document.querySelectorAll("details"), function (d) { return !d.open; });
    closed.forEach(function (d) { d.open = true; });
  });
  window.addEventListener("afterprint", function () {
    closed.forEach(function (d) { d.open = false; });
    closed = [];
  });
})();
"""
