// The API's errors and not_checked records advise what to send ("send replace: true", "upload it
// with POST /v1/library", "send a narrower topic"). The page says what to do on the page
// instead: by the error's code where one tells, else the message as it came.

// The API's "send model or set OPENAI_MODEL on the server" names a field the page calls Model.
const MODEL_NEEDED = /needs a model/;
// The API's advice for a paper missing from the library (server/advice.py, api_advice), and the
// library named in the message before it (before the versions it holds, when it holds another
// version): the page says both in its own words. Only these are cut: a reference may itself
// hold ";" (doi:10.1000/xyz;abc, SICI DOIs). A review's record may end in a note after the
// advice, "(bibliography entry 'bad' has no arXiv id or DOI, ...)": kept, before the page's words.
const UPLOAD_ADVICE_API = /; upload it with POST \/v1\/library(?: or set \w+ on the server)?(?: (\(.*\)))?$/;
const LIBRARY_NAMED = / \(the server's library\)(?=$|, which holds )/;
// A LaTeX draft sent as text is read on its own: "draft.tex: \input{intro} refused: ...".
const INCLUDE_REFUSED = /^[^:]*: (.+?) refused: a draft sent as text is read on its own/;
const BIBLIOGRAPHY_NAMED = /^the draft names the bibliography (.+): send its text as the bibliography/;
// CSL text read as BibTeX, or BibTeX read as CSL: "...; send the bibliography with "format":
// "csl-yaml"" (server/advice.py). BibTeX is also what auto reads text not starting as JSON does.
const FORMAT_ADVICE_API = /; send the bibliography with "format": "(csl-json|csl-yaml|bibtex)"$/;
const FORMAT_SHOWN = { "csl-json": "CSL-JSON", "csl-yaml": "CSL YAML", bibtex: "BibTeX or auto" };
// A download asked for another kind of paper (a DOI): "...: only arXiv papers are downloaded;
// add any other from its file"; on the page, a file goes through the upload form above.
const ARXIV_ONLY = /; add any other from its file$/;
// Valyu's excerpts over the judge's budget: "...; nothing was truncated: send a narrower
// topic, or add the paper to the server's library".
const OVER_BUDGET = /^(.*?); nothing was truncated: /;

// An upload of identical content under another title, without replace: the API's warning ends
// "it was not retitled: send replace: true to change its title" (server/service.py).
const RETITLE_ADVICE_API = /: send replace: true to change its title$/;

// An upload's warning as the page says it: the API's advice names a field the page ticks.
export function uploadWarning(message) {
  return message.replace(RETITLE_ADVICE_API, ": tick “replace different content” and upload again to change its title");
}

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
    case "invalid_reference":
      return error.message.replace(ARXIV_ONLY, "; upload its file with the form above instead.");
    case "invalid_topic":
      // "the topic has 1234 characters; the limit is 1000": which field, on the page.
      return `${error.message}: shorten Topic, under Options.`;
    case "invalid_draft":
      return draftMessage(error.message);
    case "invalid_bibliography": {
      const format = FORMAT_ADVICE_API.exec(error.message);
      if (format) {
        const what = error.message.slice(0, format.index);
        return `${what}: choose ${FORMAT_SHOWN[format[1]]} as the Bibliography format under “Bibliography and options”, then review again.`;
      }
      return error.message;
    }
    default:
      return error.message;
  }
}

function draftMessage(message) {
  const include = INCLUDE_REFUSED.exec(message);
  if (include) {
    return `The LaTeX draft includes another file (${include[1]}), which the server cannot read from here: paste the included file's text in its place, then review again.`;
  }
  const named = BIBLIOGRAPHY_NAMED.exec(message);
  if (named) {
    return `The draft names the bibliography ${named[1]}: paste its BibTeX under “Bibliography and options”, then review again.`;
  }
  return message;
}

// A not_checked record's error, with the page's advice where the message gives the API's: a
// paper missing from the library, Valyu excerpts over the judge's budget. `again`: what to do
// once the paper is uploaded, "check again" or "review again".
export function recordError(message, again = "check again") {
  const advice = UPLOAD_ADVICE_API.exec(message);
  if (advice) {
    const what = message.slice(0, advice.index).replace(LIBRARY_NAMED, "");
    const note = advice[1] ? ` ${advice[1]}` : "";
    return `${what}${note}. Upload it in the Library panel below, then ${again}.`;
  }
  const over = OVER_BUDGET.exec(message);
  if (over) {
    return `${over[1]}. Nothing was cut: add words to Topic under Options so that fewer sections are chosen, or upload the paper in the Library panel below.`;
  }
  return message;
}
