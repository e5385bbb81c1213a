/** A Worker serving one page-mode list through the fetch adapter: what the page-mode budget measures. */
import { defineResource, list } from "pagewise";
import { fetchRouter } from "pagewise/fetch";

const rows = Array.from({ length: 50 }, (_, i) => ({ id: i + 1 }));
export default {
  fetch: fetchRouter([["/items/", defineResource({ GET: list({ handler: () => rows }) })]]),
};
