// The server's refusals in the reader's words. A refusal that carries a message beside its
// `detail` sentence (`"message": {"id": "error.…", "params": …}`) is rendered from
// the game catalogue; one without (an older server, or an error no player meets) shows the
// sentence as it is.
import { t } from ".";
import { type Message, renderMessage } from "./message";

/** True if `value` has a message's shape. */
export function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && typeof (value as Message).id === "string" && typeof (value as Message).params === "object";
}

/** The words for a refusal: its `message` rendered, else its `detail` sentence, else its status. */
export function detailText(detail: unknown, status: number, message?: unknown): string {
  if (isMessage(message)) return renderMessage(message, []);
  if (typeof detail === "string") return detail;
  if (isMessage(detail)) return renderMessage(detail, []);
  return t("error.status", { status });
}
