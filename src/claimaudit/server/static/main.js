// Starts the page: server status, the token prompt when the server asks for one, and each
// panel. A new panel is one more import and one more entry in PANELS.

import { api, hasToken, setToken, tokenProblem } from "./api.js";
import { initCheckPanel } from "./check.js";
import { setStatus } from "./dom.js";
import { initLibraryPanel } from "./library.js";
import { initReviewPanel } from "./review.js";

const PANELS = [initCheckPanel, initReviewPanel, initLibraryPanel];

function initToken() {
  const panel = document.getElementById("token-panel");
  const form = document.getElementById("token-form");
  const input = document.getElementById("token-input");
  const problem = document.getElementById("token-error");
  document.addEventListener("claimaudit:unauthorized", () => {
    // A token was sent and refused (mistyped, or the server's has changed): the prompt says so,
    // rather than come back as if none had been given.
    const refused = hasToken();
    problem.textContent = refused ? "Not accepted: the server refused this token. Check it and enter it again." : "";
    problem.hidden = !refused;
    panel.hidden = false;
    input.focus();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const token = input.value.trim();
    // A token the server could never hold is refused here, before any request is sent.
    const refused = tokenProblem(token);
    problem.textContent = refused ? `Not used: ${refused}.` : "";
    problem.hidden = !refused;
    if (refused) {
      input.focus();
      return;
    }
    setToken(token);
    input.value = "";
    panel.hidden = true;
    document.dispatchEvent(new CustomEvent("claimaudit:token"));
  });
}

const serverStatus = document.getElementById("server-status");

// The header's status is a live region polled every 20 s: it is rewritten only when what it
// says changes, so a screen reader is not told "ok" again and again.
function showStatus(message, kind) {
  if (serverStatus.textContent === message && serverStatus.dataset.kind === kind) return;
  setStatus(serverStatus, message, kind);
}

async function showServer() {
  try {
    const health = await api("/health");
    showStatus(`server ${health.version} · ${health.status}`, "done");
  } catch (error) {
    if (error.code !== "unreachable") showStatus(error.message, "error");
  }
}

// Any request that cannot reach the server says so in the header, and the first one that
// reaches it again asks for its health afresh.
function followServer() {
  document.addEventListener("claimaudit:unreachable", () => {
    showStatus("server not answering", "error");
  });
  document.addEventListener("claimaudit:reachable", showServer);
}

// While nothing else is asked, the header would keep "ok" after the server stopped: it asks
// for /health now and then, but only while the page is seen (a background tab asks nothing,
// and asks at once when it is shown again).
const HEALTH_EVERY_MS = 20_000;
let healthTimer = null;

function pollWhileVisible() {
  clearInterval(healthTimer);
  healthTimer = null;
  if (document.visibilityState !== "visible") return;
  healthTimer = setInterval(showServer, HEALTH_EVERY_MS);
}

function pollHealth() {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") showServer();
    pollWhileVisible();
  });
  pollWhileVisible();
}

initToken();
followServer();
showServer();
pollHealth();
for (const init of PANELS) init();
