// Small helpers to build elements. Text always goes in as text, never as HTML: paper passages
// and claims are untrusted input.

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function setStatus(node, message, kind = "") {
  node.textContent = message;
  node.dataset.kind = kind;
}

export function percent(value) {
  return `${Math.round(value * 100)}%`;
}
