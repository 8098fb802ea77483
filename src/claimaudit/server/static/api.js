// The JSON API, as the page uses it: one fetch wrapper that adds the token and turns the
// server's {"error": {...}} bodies into ApiError.

const TOKEN_KEY = "claimaudit.token";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

// Whether the last request reached the server; a change is announced (the header says it).
let answering = true;
function reachable(now) {
  if (now === answering) return;
  answering = now;
  document.dispatchEvent(new CustomEvent(now ? "claimaudit:reachable" : "claimaudit:unreachable"));
}

export function setToken(token) {
  sessionStorage.setItem(TOKEN_KEY, token);
}

function authHeaders() {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export async function api(path, { method = "GET", json, form } = {}) {
  const headers = { Accept: "application/json", ...authHeaders() };
  let body;
  if (json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  } else if (form !== undefined) {
    body = form;
  }
  let response;
  try {
    response = await fetch(path, { method, headers, body });
  } catch {
    reachable(false);
    throw new ApiError(0, "unreachable", "the server cannot be reached");
  }
  reachable(true);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    if (response.status === 401) {
      document.dispatchEvent(new CustomEvent("claimaudit:unauthorized"));
    }
    const error = data && data.error ? data.error : {};
    throw new ApiError(response.status, error.code || "error", error.message || response.statusText);
  }
  return data;
}

// Paper references go into paths; DOIs and old arXiv ids contain slashes.
export function refPath(ref) {
  return encodeURIComponent(ref);
}
