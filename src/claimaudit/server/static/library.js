// The "Library" panel: upload a paper file or download an arXiv paper, see what is stored,
// remove a paper.

import { api, refPath } from "./api.js";
import { pageMessage, uploadWarning } from "./messages.js";
import { breakable, el, restoreFocus, setStatus } from "./dom.js";
import { initLimitNote } from "./counter.js";

const PAGE = 1000;
const MAX_ROWS = 10_000; // the API's largest limit: more rows take more requests
const FILTER_WAIT_MS = 250; // one request once typing pauses, not one per key

const number = (n) => n.toLocaleString("en");
const papers = (n) => `${number(n)} paper${n === 1 ? "" : "s"}`;

// "3 papers", "showing 1,000 of 1,005 papers", "2 papers match", "showing 1,000 of the 1,200
// papers that match".
function countText(listed, total, q) {
  if (q && listed < total) return `showing ${number(listed)} of the ${papers(total)} that match`;
  if (q) return `${papers(total)} match${total === 1 ? "es" : ""}`;
  if (listed < total) return `showing ${number(listed)} of ${papers(total)}`;
  return total ? papers(total) : "";
}

export function initLibraryPanel() {
  const form = document.getElementById("upload-form");
  const status = document.getElementById("upload-status");
  const warnings = document.getElementById("upload-warnings");
  const submit = document.getElementById("upload-submit");
  const tbody = document.querySelector("#library-table tbody");
  const empty = document.getElementById("library-empty");
  initLimitNote(document.getElementById("upload-title"), document.getElementById("upload-title-count"));

  const filter = document.getElementById("library-filter");
  // The listing's own errors (a filter the server refuses, the library gone) show by the filter,
  // not beside Upload, and go once a listing succeeds.
  const filterStatus = document.getElementById("library-filter-status");
  const count = document.getElementById("library-count");
  const more = document.getElementById("library-more");
  // Rows to show: a page more per "Show more", each page asked for after the rows shown.
  let shown = PAGE;
  let asked = 0; // the latest request: an older answer arriving late is not shown

  function listed(q, offset, limit) {
    const query = new URLSearchParams({ limit: String(limit) });
    if (offset) query.set("offset", String(offset));
    if (q) query.set("q", q);
    return api(`/v1/library?${query}`);
  }

  function showCount(rows, total, q) {
    empty.hidden = total > 0 || Boolean(q);
    count.textContent = countText(rows, total, q);
    more.hidden = rows >= total;
    setStatus(filterStatus, "");
  }

  // The first `shown` rows again (after a filter, an upload, a removal): as many requests as
  // the API's largest limit needs.
  async function refresh() {
    const q = filter.value.trim();
    const ticket = ++asked;
    try {
      const papers = [];
      let found;
      do {
        found = await listed(q, papers.length, Math.min(shown - papers.length, MAX_ROWS));
        if (ticket !== asked) return;
        papers.push(...found.papers);
      } while (found.papers.length && papers.length < Math.min(shown, found.total));
      tbody.replaceChildren(...papers.map(row));
      showCount(papers.length, found.total, q);
    } catch (error) {
      if (ticket !== asked) return;
      setStatus(filterStatus, pageMessage(error), "error");
    }
  }

  // The next page only, added below the rows shown.
  async function showMore() {
    const q = filter.value.trim();
    const before = tbody.rows.length;
    const ticket = ++asked;
    try {
      const found = await listed(q, before, PAGE);
      if (ticket !== asked) return;
      tbody.append(...found.papers.map(row));
      shown = tbody.rows.length;
      showCount(shown, found.total, q);
    } catch (error) {
      if (ticket !== asked) return;
      setStatus(filterStatus, pageMessage(error), "error");
    }
  }

  more.addEventListener("click", async () => {
    const before = tbody.rows.length;
    await showMore();
    // The last page hides the button, which would drop focus to <body>: it goes to the first row
    // this brought, else to the count.
    if (more.hidden && document.activeElement === document.body) focusRow(before, count);
  });
  let typing = null;
  filter.addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(() => {
      shown = PAGE;
      refresh();
    }, FILTER_WAIT_MS);
  });

  // Focus on the remove button of row `index` (or the last row, if there are fewer), else on
  // `fallback`: a removed row or a hidden button must not leave focus on <body>.
  function focusRow(index, fallback) {
    const rows = tbody.rows;
    const target = rows.length ? rows[Math.min(index, rows.length - 1)].querySelector("button") : fallback;
    if (target === fallback && !fallback.hasAttribute("tabindex")) fallback.setAttribute("tabindex", "-1");
    target.focus();
  }

  function row(paper) {
    const remove = el("button", { type: "button", class: "link danger", text: "remove", "aria-label": `Remove ${paper.ref}` });
    remove.addEventListener("click", async () => {
      if (!window.confirm(`Remove ${paper.ref} from the library?`)) return;
      try {
        // The row shows one stored copy: remove that one, even beside versions of its work.
        const index = [...tbody.rows].findIndex((r) => r.dataset.ref === paper.ref);
        await api(`/v1/library/${refPath(paper.ref)}?exact=true`, { method: "DELETE" });
        setStatus(status, `Removed ${paper.ref}.`, "done");
        await changed();
        // The next row's button takes focus (the previous one's at the end), else the status;
        // unless the reader has moved it meanwhile.
        if (document.activeElement === document.body) focusRow(Math.max(index, 0), status);
      } catch (error) {
        setStatus(status, pageMessage(error), "error");
      }
    });
    return el(
      "tr",
      { "data-ref": paper.ref },
      el("td", { class: "ref" }, ...breakable(paper.ref)),
      el("td", { class: "title", dir: "auto", text: paper.title }),
      el("td", { class: "num", text: paper.passages }),
      el("td", {}, remove),
    );
  }

  // What the server stored but thought worth saying (a file name naming another paper, ...).
  function showWarnings(messages) {
    warnings.replaceChildren(...messages.map((message) => el("li", { text: `Warning: ${uploadWarning(message)}` })));
    warnings.hidden = messages.length === 0;
  }

  function changed() {
    document.dispatchEvent(new CustomEvent("claimaudit:library-changed"));
    return refresh();
  }

  // One paper stored by `request` (an upload, a download), said in the panel's status line.
  async function add(which, button, busy, request) {
    button.disabled = true;
    setStatus(status, busy, "busy");
    showWarnings([]);
    try {
      const added = await request();
      const passages = `${added.passages} passage${added.passages === 1 ? "" : "s"}`;
      const what = added.outcome === "unchanged" ? "already stored, unchanged" : `${added.outcome}, ${passages}`;
      setStatus(status, `${added.ref}: ${added.title} (${what}).`, "done");
      showWarnings(added.warnings || []);
      which.reset();
      changed();
    } catch (error) {
      setStatus(status, pageMessage(error), "error");
    } finally {
      button.disabled = false;
      restoreFocus(null, button); // the status says what happened
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    for (const name of ["ref", "title"]) {
      if (!String(data.get(name) || "").trim()) data.delete(name);
    }
    add(form, submit, "Uploading…", () => api("/v1/library", { method: "POST", form: data }));
  });

  const arxivForm = document.getElementById("arxiv-form");
  const arxivRef = document.getElementById("arxiv-ref");
  arxivForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const ref = arxivRef.value.trim();
    // arXiv asks for a few seconds between requests: a paper takes two or three of them.
    add(arxivForm, document.getElementById("arxiv-submit"), `Downloading ${ref} from arXiv…`, () =>
      api("/v1/library/arxiv", { method: "POST", json: { ref } }),
    );
  });

  document.addEventListener("claimaudit:token", () => {
    if (status.dataset.kind === "error") setStatus(status, "");
    refresh();
  });
  refresh();
}
