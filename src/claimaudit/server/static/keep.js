// The forms' text and choices, kept in this tab's sessionStorage so that a reload loses no work.
// Only what the person typed or chose: never the token (api.js keeps that apart), a file, or a
// paper's contents.

const KEY = "claimaudit.form";

function kept() {
  try {
    const found = JSON.parse(sessionStorage.getItem(KEY) || "{}");
    return found && typeof found === "object" ? found : {};
  } catch {
    return {}; // unreadable: start afresh rather than fail
  }
}

export function remembered(name) {
  return kept()[name];
}

export function remember(name, value) {
  const all = kept();
  all[name] = value;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage full (a very long draft): keeping is a convenience, the page works without it.
  }
}

// Puts back what was kept for each field (by id), then keeps it as it changes. A select waits
// for its options: `data-wanted` tells whoever fills it (loadJudges) what to choose.
export function keepFields(ids) {
  for (const id of ids) {
    const field = document.getElementById(id);
    const value = remembered(id);
    if (value !== undefined) {
      if (field.type === "checkbox") field.checked = Boolean(value);
      else {
        if (field.tagName === "SELECT") field.dataset.wanted = value;
        field.value = value;
      }
    }
    const save = () => remember(id, field.type === "checkbox" ? field.checked : field.value);
    field.addEventListener("input", save);
    field.addEventListener("change", save);
  }
}
