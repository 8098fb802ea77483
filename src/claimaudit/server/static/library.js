// The "Library" panel: upload a paper file, see what is stored, remove a paper.

import { api, refPath } from "./api.js";
import { pageMessage } from "./messages.js";
import { breakable, el, restoreFocus, setStatus } from "./dom.js";
import { initLimitNote } from "./counter.js";

export function initLibraryPanel() {
  const form = document.getElementById("upload-form");
  const status = document.getElementById("upload-status");
  const warnings = document.getElementById("upload-warnings");
  const submit = document.getElementById("upload-submit");
  const tbody = document.querySelector("#library-table tbody");
  const empty = document.getElementById("library-empty");
  initLimitNote(document.getElementById("upload-title"), document.getElementById("upload-title-count"));

  async function refresh() {
    try {
      const found = await api("/v1/library?limit=1000");
      tbody.replaceChildren(...found.papers.map(row));
      empty.hidden = found.papers.length > 0;
    } catch (error) {
      setStatus(status, pageMessage(error), "error");
    }
  }

  function row(paper) {
    const remove = el("button", { type: "button", class: "link danger", text: "remove", "aria-label": `Remove ${paper.ref}` });
    remove.addEventListener("click", async () => {
      if (!window.confirm(`Remove ${paper.ref} from the library?`)) return;
      try {
        // The row shows one stored copy: remove that one, even beside versions of its work.
        await api(`/v1/library/${refPath(paper.ref)}?exact=true`, { method: "DELETE" });
        setStatus(status, `Removed ${paper.ref}.`, "done");
        changed();
      } catch (error) {
        setStatus(status, pageMessage(error), "error");
      }
    });
    return el(
      "tr",
      { "data-ref": paper.ref },
      el("td", { class: "ref" }, ...breakable(paper.ref)),
      el("td", { class: "title", text: paper.title }),
      el("td", { class: "num", text: paper.passages }),
      el("td", {}, remove),
    );
  }

  // What the server stored but thought worth saying (a file name naming another paper, ...).
  function showWarnings(messages) {
    warnings.replaceChildren(...messages.map((message) => el("li", { text: `Warning: ${message}` })));
    warnings.hidden = messages.length === 0;
  }

  function changed() {
    document.dispatchEvent(new CustomEvent("claimaudit:library-changed"));
    refresh();
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    for (const name of ["ref", "title"]) {
      if (!String(data.get(name) || "").trim()) data.delete(name);
    }
    submit.disabled = true;
    setStatus(status, "Uploading…", "busy");
    showWarnings([]);
    try {
      const added = await api("/v1/library", { method: "POST", form: data });
      const passages = `${added.passages} passage${added.passages === 1 ? "" : "s"}`;
      const what = added.outcome === "unchanged" ? "already stored, unchanged" : `${added.outcome}, ${passages}`;
      setStatus(status, `${added.ref}: ${added.title} (${what}).`, "done");
      showWarnings(added.warnings || []);
      form.reset();
      changed();
    } catch (error) {
      setStatus(status, pageMessage(error), "error");
    } finally {
      submit.disabled = false;
      restoreFocus(null, submit); // the status beside it says what happened
    }
  });

  document.addEventListener("claimaudit:token", () => {
    if (status.dataset.kind === "error") setStatus(status, "");
    refresh();
  });
  refresh();
}
