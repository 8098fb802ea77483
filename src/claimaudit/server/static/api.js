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

// Whether a token is kept: a 401 then means the server refused that one.
export function hasToken() {
  return Boolean(sessionStorage.getItem(TOKEN_KEY));
}

// What the server can take as a token: printable ASCII, no spaces (it refuses any other
// CLAIMAUDIT_TOKEN at start, and a header cannot carry a character above U+00FF at all).
const TOKEN_CHARS = /^[\x21-\x7e]+$/;

export function tokenProblem(token) {
  return TOKEN_CHARS.test(token) ? null : "a token holds only ASCII characters, and no spaces";
}

function authHeaders() {
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

// The request's headers; a token that no header can carry (kept from before this check) is
// dropped and asked for again: the server was never asked, so it is not "unreachable".
function requestHeaders() {
  try {
    return new Headers({ Accept: "application/json", ...authHeaders() });
  } catch {
    sessionStorage.removeItem(TOKEN_KEY);
    document.dispatchEvent(new CustomEvent("claimaudit:unauthorized"));
    throw new ApiError(0, "bad_token", "The access token cannot be sent: enter it again.");
  }
}

export async function api(path, { method = "GET", json, form } = {}) {
  const headers = requestHeaders();
  let body;
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
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
    throw new ApiError(response.status, error.code || "error", error.message || noMessage(response));
  }
  // Every answer of the API is a JSON object: anything else (a proxy's login or error page sent
  // as 200) is said as such, not read on as if it held the fields asked for.
  if (data === null || typeof data !== "object") {
    throw new ApiError(response.status, "not_json", `${answered(response)}, but not with JSON: is something else (a proxy) answering for it?`);
  }
  return data;
}

// "the server answered HTTP 502 (Bad Gateway)": over HTTP/2 (a proxy in front) statusText is
// empty, so the status code is always said, and never an empty message.
function answered(response) {
  const text = response.statusText ? ` (${response.statusText})` : "";
  return `the server answered HTTP ${response.status}${text}`;
}

// A refusal without the API's {"error": ...} body: a proxy's or gateway's own page.
function noMessage(response) {
  return `${answered(response)} without saying why`;
}

// Paper references go into paths; DOIs and old arXiv ids contain slashes.
export function refPath(ref) {
  return encodeURIComponent(ref);
}
