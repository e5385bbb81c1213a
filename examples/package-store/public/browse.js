// The browse page: every navigation comes from the Link header of the last response; the page size
// chosen here is kept on every page (the spec's links carry only `page`). The API key stays in this
// page's memory: it is typed by the user and never stored or embedded.
import { buildRequest, parseLinkHeader } from "/client.js";

const $ = (id) => document.getElementById(id);
const HEADERS = [
  "Link",
  "X-Pagination-Count",
  "X-Pagination-Page",
  "X-Pagination-PageTotal",
  "X-Pagination-PageSize",
];
let links = {};

function apiBase() {
  return $("base").value.trim() || window.location.origin;
}

function firstPageUrl() {
  const params = {
    owner: $("owner").value,
    repo: $("repo").value,
    page_size: Number($("size").value),
  };
  if ($("status").value) params.status = $("status").value;
  return buildRequest("GET", "{base_url}/package/{owner}/{repo}/", params, { baseUrl: apiBase() })
    .url;
}

async function load(url) {
  const target = new URL(url, apiBase());
  if (!target.searchParams.has("page_size")) target.searchParams.set("page_size", $("size").value);
  $("message").textContent = "";
  let response;
  try {
    response = await fetch(target, {
      headers: { Accept: "application/json", "X-Api-Key": $("key").value },
    });
  } catch (error) {
    return show([], new Headers(), `The API cannot be reached: ${error.message}`);
  }
  const body = await response.json().catch(() => null);
  if (!response.ok)
    return show([], response.headers, body?.detail ?? `The API answered ${response.status}.`);
  show(body, response.headers, "", target.href);
}

function show(items, headers, message, url = "") {
  $("message").textContent = message;
  links = Object.fromEntries(
    parseLinkHeader(headers.get("link") ?? "").map((l) => [
      l.rel,
      new URL(l.url, url || apiBase()).href,
    ]),
  );
  for (const button of document.querySelectorAll("nav button"))
    button.disabled = !links[button.dataset.rel];
  const page = headers.get("x-pagination-page");
  const total = headers.get("x-pagination-pagetotal");
  $("position").textContent = page
    ? `page ${page} of ${total}`
    : items.length
      ? "one page"
      : "no packages";
  $("rows").replaceChildren(...items.map(row));
  $("headers").replaceChildren(
    ...HEADERS.flatMap((name) => [
      element("dt", name),
      element("dd", headers.get(name) ?? "(not sent)"),
    ]),
  );
  document.body.dataset.loaded = String(Date.now());
}

function row(pkg) {
  const tr = document.createElement("tr");
  tr.append(
    ...[pkg.id, pkg.name, pkg.version, pkg.status, pkg.created_at].map((value) =>
      element("td", String(value)),
    ),
  );
  return tr;
}

function element(tag, text) {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
}

$("query").addEventListener("submit", (event) => {
  event.preventDefault();
  load(firstPageUrl());
});
for (const button of document.querySelectorAll("nav button")) {
  button.addEventListener(
    "click",
    () => links[button.dataset.rel] && load(links[button.dataset.rel]),
  );
}
