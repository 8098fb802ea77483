// The server's messages are shared with the command line and MCP, so some end in terminal
// advice ("pass --ref", "use --replace", "`claimaudit library add`"). The page says what to do
// on the page instead: by the error's code where one tells, else the message as it came.

const MODEL_NEEDED = /needs a model/;
const NOT_IN_LIBRARY = /not in the (?:local )?library/;

// An ApiError (status, code, message) as the page says it.
export function pageMessage(error) {
  switch (error.code) {
    case "unreachable":
      return "The server is not answering: check that it is still running, then try again.";
    case "conflict":
      return "A paper with different content is already stored under this reference: tick “replace different content” and upload again to overwrite it.";
    case "ref_required":
      return "Cannot tell which paper this file is from its name or metadata: fill in Reference (e.g. arXiv:1706.03762v5 or doi:10.1000/xyz) and upload again.";
    case "invalid_settings":
      if (MODEL_NEEDED.test(error.message)) {
        return "This judge needs a model id: fill in Model under Options (or set one where the server runs).";
      }
      return error.message;
    default:
      return error.message;
  }
}

// A not_checked record's error, with the page's advice for a paper missing from the library.
export function recordError(message) {
  if (!NOT_IN_LIBRARY.test(message)) return message;
  const what = message.split(";")[0].replace(/\s*\([^)]*\)\s*$/, "");
  return `${what}. Upload it in the Library panel below, then check again.`;
}
