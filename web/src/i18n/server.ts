// The server's refusals in the reader's words. A server that sends a message (issue 15's
// contract: `{"id": "error.…", "params": …}`) as its `detail` is rendered from the game
// catalogue; a sentence (today's server, docs/api.md) is shown as it is.
import { t } from ".";
import { type Message, renderMessage } from "./message";

/** True if `value` has a message's shape. */
export function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && typeof (value as Message).id === "string" && typeof (value as Message).params === "object";
}

/** The words for a refusal's `detail` (a sentence or a message), or, without one, its status. */
export function detailText(detail: unknown, status: number): string {
  if (typeof detail === "string") return detail;
  if (isMessage(detail)) return renderMessage(detail, []);
  return t("error.status", { status });
}
