// The browse page: every navigation comes from the Link header of the last response; the page size
// chosen here is kept on every page (the spec's links carry only `page`). The API key stays in this
// page's memory: it is typed by the user and never stored or embedded. A click on a column's header
// sorts by it (again: the other way) from page 1; the order is the API's `sort`, which every link
// keeps, and this page's own `?sort=`, so a reload keeps it. Until one is chosen, none is sent:
// the rows come in the API's default order and no header claims it.
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
let order = new URLSearchParams(window.location.search).get("sort") ?? "";

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
  if (order) params.sort = order;
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

/** The order's first field and its direction, as the headers show it. */
function leading() {
  const [first = ""] = order.split(",");
  const descending = first.startsWith("-");
  return { field: descending ? first.slice(1) : first, descending };
}

function showOrder() {
  const { field, descending } = leading();
  for (const header of document.querySelectorAll("th[data-sort]")) {
    const sorted = header.dataset.sort === field;
    if (sorted) header.setAttribute("aria-sort", descending ? "descending" : "ascending");
    else header.removeAttribute("aria-sort");
    header.querySelector(".arrow").textContent = sorted ? (descending ? " ▼" : " ▲") : "";
  }
}

function sortBy(field) {
  const now = leading();
  order = now.field === field && !now.descending ? `-${field}` : field;
  const own = new URL(window.location.href);
  own.searchParams.set("sort", order);
  history.replaceState(null, "", own);
  showOrder();
  $("query").requestSubmit(); // page 1, once the form's fields are valid
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
for (const header of document.querySelectorAll("th[data-sort]")) {
  header.querySelector("button").addEventListener("click", () => sortBy(header.dataset.sort));
}
showOrder();
for (const button of document.querySelectorAll("nav button")) {
  button.addEventListener(
    "click",
    () => links[button.dataset.rel] && load(links[button.dataset.rel]),
  );
}
