// The "Check a claim" panel: claim, paper references (suggested from the library as you type),
// options; results as one card per paper.

import { api } from "./api.js";
import { pageMessage } from "./messages.js";
import { legend, renderRecord } from "./cards.js";
import { claimLength, initClaimCounter, normalClaim } from "./counter.js";
import { chosenModel, el, followJudge, loadJudges, readThreshold, restoreFocus, setStatus } from "./dom.js";
import { keepFields, remember, remembered } from "./keep.js";

// The obvious spellings of one paper, as the server reads them (identity.py): an arXiv id bare,
// with "arXiv:" or as an arxiv.org URL; a DOI bare, with "doi:" or as a doi.org URL, in any
// case. The server refuses a check naming a paper twice; the page adds such a paper once. The
// server's own key (paperKeyOf) decides; this is the page's guess when the server cannot say.
const ARXIV_FORMS = /^(?:arxiv:|https?:\/\/(?:www\.|export\.)?arxiv\.org\/(?:abs|pdf|html)\/)?(\d{4}\.\d{4,5}(?:v\d+)?)(?:\.pdf)?\/?$/i;
const DOI_FORMS = /^(?:doi:\s*|https?:\/\/(?:dx\.)?doi\.org\/)?(10\.\d{4,9}\/\S+)$/i;

export function paperKey(ref) {
  const text = ref.trim();
  const arxiv = ARXIV_FORMS.exec(text);
  if (arxiv) return `arxiv:${arxiv[1].toLowerCase()}`;
  const doi = DOI_FORMS.exec(text);
  if (doi) return `doi:${doi[1].toLowerCase()}`;
  return text;
}

// The server's key for a reference: the very rule by which it refuses a check naming one paper
// twice (a trailing dot, %2F, 10.48550/arXiv.N, an old id without "arXiv:" ...), asked once per
// spelling. Unanswered (server away, token missing), the page's own guess stands in, and is not kept.
// The answer also says whether the text is a reference at all (isReference), or other text.
const keys = new Map();
function keyAnswer(ref) {
  if (!keys.has(ref)) {
    const asked = api(`/v1/references/key?ref=${encodeURIComponent(ref)}`).then(
      (answer) => ({ key: answer.key, isReference: answer.isReference }),
      () => {
        keys.delete(ref);
        return { key: paperKey(ref), isReference: undefined };
      },
    );
    keys.set(ref, asked);
  }
  return keys.get(ref);
}

export async function paperKeyOf(ref) {
  return (await keyAnswer(ref)).key;
}

async function alreadyAdded(papers, ref) {
  const key = await paperKeyOf(ref);
  for (const added of papers) {
    if ((await paperKeyOf(added)) === key) return added;
  }
  return undefined;
}

export function initCheckPanel() {
  const form = document.getElementById("check-form");
  const claim = document.getElementById("claim");
  const CLAIM_HINTS = claim.getAttribute("aria-describedby");
  const input = document.getElementById("paper-input");
  const chips = document.getElementById("paper-chips");
  const suggestions = document.getElementById("paper-suggestions");
  const judge = document.getElementById("judge");
  const status = document.getElementById("check-status");
  const results = document.getElementById("results");
  const submit = document.getElementById("check-submit");
  const modelField = document.getElementById("model-field");
  // The references added before a reload come back (kept as typed; they are not paper contents).
  const papers = (remembered("papers") || []).filter((ref) => typeof ref === "string");

  // The claim and papers the results shown were judged for, and the status that said so: once
  // either changes, the results are marked out of date (and back, if the change is undone).
  let judged = null;
  function followJudged() {
    if (!judged) return;
    const stale = normalClaim(claim.value) !== judged.claim || papers.join("\n") !== judged.papers;
    if (stale === results.classList.contains("stale")) return;
    results.classList.toggle("stale", stale);
    results.querySelector(".stale-note").hidden = !stale;
    if (stale) setStatus(status, "The claim or papers changed: press Check to check them.", "");
    else setStatus(status, judged.status, "done");
  }

  function drawChips() {
    remember("papers", papers);
    followJudged();
    chips.replaceChildren(
      ...papers.map((ref) =>
        el(
          "li",
          { class: "chip", "data-ref": ref },
          el("span", { dir: "auto", text: ref }),
          removeButton(ref),
        ),
      ),
    );
  }

  function removeButton(ref) {
    const button = el("button", { type: "button", class: "link", "aria-label": `Remove ${ref}`, text: "×" });
    button.addEventListener("click", () => {
      const index = papers.indexOf(ref);
      papers.splice(index, 1);
      drawChips();
      // The removed chip took focus with it: the next chip's button (the previous one's at the
      // end) takes it, else the reference field.
      const left = chips.querySelectorAll("li button");
      (left.length ? left[Math.min(index, left.length - 1)] : input).focus();
    });
    return button;
  }

  let timer;
  // The suggestions now in the datalist, and the text they were asked for.
  let shown = { text: null, papers: [] };
  let pending = 0;
  async function lookup(text) {
    const found = await api(`/v1/library?q=${encodeURIComponent(text)}&limit=20`);
    return found.papers;
  }

  async function suggest() {
    const text = input.value.trim();
    const ticket = ++pending;
    if (!text) return;
    try {
      const papers = await lookup(text);
      if (ticket !== pending) return; // a newer keystroke asked already
      shown = { text, papers };
      suggestions.replaceChildren(
        ...papers.map((p) => el("option", { value: p.ref, label: `${p.ref} · ${p.title}` })),
      );
    } catch {
      // Suggestions are a convenience; typing a full reference still works.
    }
  }

  // What typed text adds: the suggested paper whose title it is (any case), or the only
  // suggestion for a piece of a title or reference; otherwise the text itself, as a reference.
  async function resolveRef(text) {
    const papers = shown.text === text ? shown.papers : await lookup(text).catch(() => []);
    if (papers.some((p) => p.ref === text)) return text;
    const lower = text.toLowerCase();
    const titled = papers.find((p) => (p.title || "").trim().toLowerCase() === lower);
    if (titled) return titled.ref;
    if (papers.length !== 1) return text;
    // A whole reference goes in as typed: the one stored reference containing it may name
    // another paper or edition (arXiv:…v1 typed, …v12 stored; local:ge typed, local:gep
    // stored), and the check must judge the paper asked for, or say it is not there.
    const { isReference } = await keyAnswer(text);
    return isReference === false ? papers[0].ref : text;
  }

  // Adds run one after another, in the order typed; a check waits for those under way.
  let adding = Promise.resolve();
  function addPaper() {
    const text = input.value.trim();
    input.value = "";
    clearTimeout(timer);
    if (!text) return adding;
    adding = adding.then(async () => {
      const ref = await resolveRef(text);
      const same = await alreadyAdded(papers, ref);
      if (same === undefined) {
        papers.push(ref);
        drawChips();
      } else if (same !== ref) {
        setStatus(status, `${ref} names the same paper as ${same}, already added.`, "");
      }
    });
    return adding;
  }

  input.addEventListener("input", () => {
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
    clearTimeout(timer);
    timer = setTimeout(suggest, 120);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      addPaper();
    }
  });
  document.getElementById("paper-add").addEventListener("click", addPaper);

  drawChips();
  keepFields(["claim", "topic", "judge", "model", "threshold", "fresh"]);
  const counter = initClaimCounter(claim, document.getElementById("claim-count"));
  claim.addEventListener("input", followJudged);
  // Typing clears the empty-claim error's tie to the field (the counter resets aria-invalid).
  claim.addEventListener("input", () => claim.setAttribute("aria-describedby", CLAIM_HINTS));
  followJudge(judge, modelField);
  loadJudges(judge);
  // Once a token is given, what failed without it is asked again and its error dropped.
  document.addEventListener("claimaudit:token", () => {
    loadJudges(judge);
    if (status.dataset.kind === "error") setStatus(status, "");
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    await addPaper();
    if (!claim.value.trim()) {
      setStatus(status, "Enter a claim to check.", "error");
      // The error belongs to the field: marked invalid, described by the message, focused.
      claim.setAttribute("aria-invalid", "true");
      claim.setAttribute("aria-describedby", `${CLAIM_HINTS} ${status.id}`);
      claim.focus();
      return;
    }
    if (!papers.length) {
      setStatus(status, "Add at least one paper reference.", "error");
      // As the claim's: the reference field is marked, described by the message, and focused,
      // rather than leave a keyboard reader on Check with the field some stops back.
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", status.id);
      input.focus();
      return;
    }
    // Counted as the server counts; over the limit, nothing is sent and the counter says so.
    if (claimLength(claim.value) > counter.limit) {
      setStatus(status, `The claim has ${claimLength(claim.value)} characters; the limit is ${counter.limit}.`, "error");
      return;
    }
    // Left empty, the server applies its own default threshold.
    const threshold = readThreshold(document.getElementById("threshold"), status, "Options");
    if (threshold.refused) return;
    const body = { claim: claim.value, papers: [...papers] };
    if (threshold.value !== undefined) body.threshold = threshold.value;
    const topic = document.getElementById("topic").value.trim();
    if (topic) body.topic = topic;
    if (judge.value) body.judge = judge.value;
    const model = chosenModel(modelField, document.getElementById("model"));
    if (model) body.model = model;
    // As the review panel's: the API's cache option, judged again rather than read back.
    if (document.getElementById("fresh").checked) body.cache = false;
    submit.disabled = true;
    setStatus(status, `Checking ${papers.length} paper${papers.length > 1 ? "s" : ""}…`, "busy");
    results.replaceChildren();
    // Hidden while it holds nothing: a region named by a heading it lacks would be listed
    // among the page's landmarks as an empty, unnamed "region".
    results.hidden = true;
    results.classList.remove("stale");
    judged = null;
    let landing = null; // where focus goes when the results are in
    try {
      const found = await api("/v1/checks", { method: "POST", json: body });
      const review = found.records.filter((r) => r.needsReview).length;
      const said = `${found.records.length} record${found.records.length > 1 ? "s" : ""}; ${review} need${review === 1 ? "s" : ""} review.`;
      judged = { claim: normalClaim(body.claim), papers: body.papers.join("\n"), status: said };
      results.replaceChildren(
        // Focus lands on this heading; only the short status line above is announced live.
        el("h3", { id: "results-title", class: "results-title", tabindex: -1, text: "Results" }),
        el("p", { class: "stale-note", role: "status", hidden: true, text: "These results are for the previous claim or papers: press Check." }),
        el("p", { class: "judged" }, el("span", { class: "muted", text: "Claim judged: " }), el("q", { dir: "auto", text: judged.claim })),
        legend(),
        ...found.records.map((r) => card(r, found.threshold)),
      );
      results.hidden = false;
      setStatus(status, said, "done");
      landing = document.getElementById("results-title");
      followJudged(); // edited while the check ran
    } catch (error) {
      setStatus(status, pageMessage(error), "error");
    } finally {
      submit.disabled = false;
      restoreFocus(landing, submit);
    }
  });

  // Other panels (an upload) announce library changes; stale suggestions are dropped.
  document.addEventListener("claimaudit:library-changed", () => {
    shown = { text: null, papers: [] };
    suggestions.replaceChildren();
  });
}

// A card headed with the paper judged; where that is not the reference asked for (an
// unversioned arXiv id matched to its latest stored version), the reference asked too, as a
// review's card says what it was cited as: two references to one paper are told apart.
function card(record, threshold) {
  const node = renderRecord(record, threshold);
  if (record.matchedRef && record.matchedRef !== record.paperRef) {
    node.querySelector("header").append(el("p", { class: "asked muted", text: `asked as ${record.paperRef}` }));
  }
  return node;
}
