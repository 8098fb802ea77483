// Starts the page: server status, the token prompt when the server asks for one, and each
// panel. A new panel is one more import and one more entry in PANELS.

import { api, setToken } from "./api.js";
import { initCheckPanel } from "./check.js";
import { initLibraryPanel } from "./library.js";
import { initReviewPanel } from "./review.js";

const PANELS = [initCheckPanel, initReviewPanel, initLibraryPanel];

function initToken() {
  const panel = document.getElementById("token-panel");
  const form = document.getElementById("token-form");
  const input = document.getElementById("token-input");
  document.addEventListener("claimaudit:unauthorized", () => {
    panel.hidden = false;
    input.focus();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    setToken(input.value.trim());
    input.value = "";
    panel.hidden = true;
    document.dispatchEvent(new CustomEvent("claimaudit:token"));
  });
}

async function showServer() {
  const status = document.getElementById("server-status");
  try {
    const health = await api("/health");
    status.textContent = `server ${health.version} · ${health.status}`;
  } catch (error) {
    status.textContent = error.message;
  }
}

initToken();
showServer();
for (const init of PANELS) init();
