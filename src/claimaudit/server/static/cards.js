// One card per review record: verdict, confidence bar, the four probabilities, and the evidence
// passage shown where it stands in the paper (its neighbours dimmed around it). Any panel that
// shows records (checks, reviews) uses renderRecord.

import { ApiError, api, refPath } from "./api.js";
import { el, percent } from "./dom.js";
import { recordError } from "./messages.js";
import { reviewReasons } from "./reasons.js";

const RELATIONS = ["supports", "contradicts", "not_addressed", "insufficient_evidence"];
// How strongly a verdict is held, by its confidence: the badge is solid, tinted or outlined.
// The HTML report (review/html.py) draws the same bands.
const STRENGTHS = [
  ["strong", 0.7, "solid: confidence 0.70 or more"],
  ["moderate", 0.4, "tinted: 0.40 to 0.70"],
  ["weak", 0, "outlined: below 0.40, or no probabilities"],
];
export const REVIEW_MARK = "\u2691"; // ⚑

export function strength(confidence) {
  if (confidence === null || confidence === undefined) return "weak";
  return STRENGTHS.find(([, floor]) => confidence >= floor)[0];
}

// Text read by screen readers only: what colour and fill show to the eye.
export function spoken(text) {
  return el("span", { class: "sr-only", text });
}

// The badge of a verdict: its colour says which, its fill how confidently (see the legend); a
// screen reader hears both in words ("Verdict: supports, confidence 0.93, strong").
export function verdictBadge(verdict, confidence) {
  const measured = confidence !== null && confidence !== undefined;
  const level = verdict === "not_checked" ? "none" : strength(confidence);
  const how = verdict === "not_checked" ? "an operational failure, not a verdict" : measured ? `confidence ${confidence.toFixed(2)}, ${level}` : "no probabilities";
  return el(
    "span",
    {
      class: `badge verdict-${verdict} strength-${level}`,
      "data-strength": level,
      title: `${LABELS[verdict] || verdict}: ${how}`,
    },
    spoken("Verdict: "),
    el("span", { class: "label", text: LABELS[verdict] || verdict }),
    spoken(`, ${how}.`),
  );
}

export function reviewBadge(needsReview) {
  return needsReview
    ? el(
        "span",
        { class: "badge review", title: "Read the evidence before citing this paper for the claim." },
        el("span", { "aria-hidden": "true", text: `${REVIEW_MARK} ` }),
        "needs review",
      )
    : el("span", { class: "badge ok", text: "no review needed" });
}

// What the colours, fills and the review mark mean; shown beside any list of verdicts.
export function legend() {
  const verdicts = ["supports", "contradicts", "not_addressed", "insufficient_evidence", "not_checked"].map((v) =>
    el("li", {}, el("span", { class: `badge verdict-${v} strength-${v === "not_checked" ? "none" : "strong"}`, text: LABELS[v] })),
  );
  const fills = STRENGTHS.map(([level, , meaning]) =>
    el("li", {}, el("span", { class: `badge verdict-supports strength-${level}`, text: level }), ` ${meaning}`),
  );
  return el(
    "section",
    { class: "legend", "aria-label": "Legend" },
    el("ul", { class: "legend-verdicts" }, el("li", { class: "legend-title", text: "Verdicts:" }), ...verdicts),
    el("ul", { class: "legend-strengths" }, el("li", { class: "legend-title", text: "Confidence:" }), ...fills),
    el(
      "p",
      { class: "legend-review" },
      el("span", { class: "review-mark", text: REVIEW_MARK }),
      " needs review: not a confident, evidenced ",
      el("em", { text: "supports" }),
      ". Read the evidence before citing the paper for the claim.",
    ),
  );
}
export const LABELS = {
  supports: "supports",
  contradicts: "contradicts",
  not_addressed: "not addressed",
  insufficient_evidence: "insufficient evidence",
  not_checked: "not checked",
};

// A confidence or "n/a" when the judge gave none: nothing is made up in its place.
function fixed(value) {
  return value === null || value === undefined ? "n/a" : value.toFixed(2);
}

function bar(value, className) {
  const fill = el("span", { class: "fill" });
  fill.style.width = percent(value); // CSSOM, allowed by the page's style-src policy
  return el("span", { class: `bar ${className}`, role: "presentation" }, fill);
}

function probabilities(record) {
  if (!record.probabilities) {
    return el("p", { class: "muted", text: "The judge gave its choice without probabilities." });
  }
  const rows = RELATIONS.map((relation) => {
    const value = record.probabilities[relation] ?? 0;
    return el(
      "tr",
      { class: relation === record.verdict ? "chosen" : "" },
      el("th", { scope: "row", text: LABELS[relation] }),
      el("td", {}, bar(value, `prob-${relation}`)),
      el("td", { class: "num" }, value.toFixed(3), relation === record.verdict ? spoken(" (the verdict)") : null),
    );
  });
  return el(
    "table",
    { class: "probs" },
    el("caption", { text: "Probability of each verdict" }),
    el("tbody", {}, ...rows),
  );
}

// Where a passage is printed, as a reader looks for it: "p. 4, 2 Software", "pp. 4-5".
export function location(pages, section) {
  const parts = [];
  if (pages && pages.length) {
    parts.push(pages.length === 1 ? `p. ${pages[0]}` : `pp. ${pages[0]}-${pages[pages.length - 1]}`);
  }
  if (section) parts.push(section);
  return parts.join(", ");
}

// A paper's text, its title and a claim go in with dir="auto": an Arabic or Hebrew passage reads
// right to left, its full stop at its end (not, in the page's left-to-right, at its start), and a
// direction mark inside it stays inside (dir isolates) rather than reorder the text after it.
function passageBlock(passage, chosen) {
  const where = location(passage.pages, passage.section);
  const head = el(
    "div",
    { class: "passage-head" },
    el("span", { class: "pid", text: passage.id }),
    where ? el("span", { class: "section", dir: "auto", text: where }) : null,
  );
  if (chosen) {
    return el(
      "blockquote",
      { class: "passage chosen", "data-passage-id": passage.id },
      head,
      el("mark", { dir: "auto", text: passage.text }),
    );
  }
  return el("div", { class: "passage context", "data-passage-id": passage.id }, head, el("p", { dir: "auto", text: passage.text }));
}

// What a 404's code says: the judged copy is gone, or only that passage of it (the paper was
// replaced by one without it). Any other error leaves the card as it is.
const GONE = new Map([
  ["paper_not_found", "removed"],
  ["passage_not_found", "changed"],
]);

// The passage's neighbours, read from the very edition the record judged (`exact=true`: never a
// newer version stored since under the same work). The record's own evidence stays the
// highlighted text: if the stored passage now reads otherwise (the paper was replaced), the card
// says so rather than highlight text that was not judged; so it does if that copy is gone.
async function loadContext(record, holder) {
  const path = `/v1/library/${refPath(record.matchedRef)}/passages/${encodeURIComponent(record.evidencePassageId)}?context=1&exact=true`;
  try {
    const found = await api(path);
    if (found.passage.text !== record.evidence) {
      noteContext(holder, "changed");
      return;
    }
    holder.replaceChildren(
      ...found.before.map((p) => passageBlock(p, false)),
      passageBlock(found.passage, true),
      ...found.after.map((p) => passageBlock(p, false)),
    );
    holder.dataset.context = "loaded";
  } catch (error) {
    // The record already carries the passage verbatim; without its neighbours it still reads.
    const gone = error instanceof ApiError ? GONE.get(error.code) : undefined;
    if (gone === undefined) holder.dataset.context = "unavailable";
    else noteContext(holder, gone);
  }
}

const CONTEXT_NOTES = {
  changed: "The stored paper has changed since this was judged: the passage below is the one judged, shown without its neighbours.",
  removed: "The paper this record judged is no longer in the library: the passage below is the one judged, shown without its neighbours.",
  excerpts: "Judged on search excerpts, not on the paper's text in the library: the excerpt below is the one judged, shown without neighbours.",
  elsewhere: "Judged on the paper's text from another source than the library: the passage below is the one judged, shown without its neighbours.",
};

function noteContext(holder, kind) {
  holder.prepend(el("p", { class: `muted context-${kind}`, text: CONTEXT_NOTES[kind] }));
  holder.dataset.context = kind;
}

function evidence(record) {
  if (!record.evidencePassageId) {
    return el("p", { class: "no-evidence", text: "No passage was chosen as evidence." });
  }
  const holder = el(
    "div",
    { class: "passages" },
    passageBlock(
      {
        id: record.evidencePassageId,
        section: record.evidenceSection,
        pages: record.evidencePages,
        text: record.evidence,
      },
      true,
    ),
  );
  // Search excerpts (Valyu) were never the library's passages: their "P002" is the second
  // excerpt, so the library (which may not hold the paper, or holds other text under that id)
  // has no neighbours of it to show, and "removed" or "changed" would not be true. So for any
  // other source's text (a plugin's): only the library's records carry its content hash.
  if (record.evidenceScope === "search_excerpts") noteContext(holder, "excerpts");
  else if (!record.paperContentHash) noteContext(holder, "elsewhere");
  else loadContext(record, holder);
  return el(
    "section",
    { class: "evidence" },
    el(
      "h4",
      {},
      "Evidence ",
      el("span", { class: "pid", text: record.evidencePassageId }),
      el("span", { class: "muted", text: ` · evidence confidence ${fixed(record.evidenceConfidence)}` }),
    ),
    holder,
  );
}

// Why the card needs review, in plain words, right under its verdict.
function reasons(record, threshold) {
  const found = reviewReasons(record, threshold);
  if (!found.length) return null;
  return el(
    "section",
    { class: "review-reasons", "aria-label": "Why it needs review" },
    el("p", { class: "reasons-title", text: "Why it needs review:" }),
    el("ul", {}, ...found.map((reason) => el("li", { text: reason }))),
  );
}

function title(record) {
  const ref = record.matchedRef || record.paperRef;
  // Only a web address becomes a link (the server already drops others): a "javascript:"
  // URL in an href would run when clicked.
  const link = /^https?:\/\//i.test(record.paperUrl || "")
    ? el("a", { href: record.paperUrl, target: "_blank", rel: "noopener noreferrer", text: ref })
    : el("span", { text: ref });
  const badges = el("div", { class: "badges" }, verdictBadge(record.verdict, record.confidence), reviewBadge(record.needsReview));
  // A paper without a title (one never fetched: a not_checked card) is headed with its
  // reference, which is then said once, the heading itself, not again under it.
  if (!record.paperTitle && ref === record.paperRef) {
    return el("header", {}, badges, el("h3", { dir: "auto", class: "ref" }, link));
  }
  return el(
    "header",
    {},
    badges,
    el("h3", { dir: "auto", text: record.paperTitle || record.paperRef }),
    el("p", { class: "ref" }, link),
  );
}

// `threshold`: the review threshold the answer says its records were judged against; `again`:
// what to press once a missing paper is uploaded ("check again", "review again").
// How much of the paper the judge read: the passages its model read (the embedded judge scores
// at most 24 windows, so of a long selection it reads only some), else those it was sent.
export function passagesSeen(record) {
  const read = record.passagesRead;
  const paper = `of ${record.passagesConsidered} passages`;
  if (read === null || read === undefined || read === record.passagesSelected) {
    return `${record.passagesSelected} ${paper} seen`;
  }
  return `${read} ${paper} read (${record.passagesSelected} selected, ${record.passagesSelected - read} left unread)`;
}

export function renderRecord(record, threshold, again = "check again") {
  if (record.verdict === "not_checked") {
    return el(
      "article",
      { class: "card not-checked", "data-verdict": "not_checked", "data-ref": record.paperRef },
      title(record),
      el("p", { class: "error", text: recordError(record.error, again) }),
      el("p", { class: "muted", text: "An operational failure, not a verdict about the paper." }),
    );
  }
  return el(
    "article",
    { class: `card verdict-${record.verdict}`, "data-verdict": record.verdict, "data-ref": record.paperRef },
    title(record),
    reasons(record, threshold),
    el(
      "div",
      { class: "confidence" },
      el("span", { text: `Confidence ${fixed(record.confidence)}` }),
      bar(record.confidence ?? 0, "confidence-bar"),
    ),
    probabilities(record),
    evidence(record),
    el(
      "footer",
      { class: "muted" },
      `${record.judge} · ${record.model} · ${passagesSeen(record)} (${record.evidenceScope.replace("_", " ")})`,
    ),
  );
}
