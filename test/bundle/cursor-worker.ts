/** A Worker serving one cursor list through the fetch adapter: what the cursor-mode budget measures. */
import { cursorList, defineResource } from "pagewise";
import { fetchRouter } from "pagewise/fetch";

const rows = Array.from({ length: 50 }, (_, i) => ({ id: i + 1 }));
const items = cursorList({
  order: [{ name: "id" }],
  secret: "a worker's secret, 32 characters or more",
  handler: () => rows,
});
export default { fetch: fetchRouter([["/items/", defineResource({ GET: items })]]) };
