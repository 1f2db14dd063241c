// A message from the engine or the server (contract): an id in the `game`
// catalogue and its params, rendered in the reader's language. Seats are named by the
// reader's client, nested messages in the case the template asks (`{{tile, acc}}`), and a
// `count` param picks the plural form.
import { i18n, messageOptions } from ".";
import type { Message } from "../api/types";

/** A catalogue id and its params (api/types.ts, where the log's entries carry one). */
export type { Message };

/** The message in the current language (or `lng`), with `names` for its seats. */
export function renderMessage(msg: Message, names: string[], lng?: string): string {
  return i18n.t(`game:${msg.id}`, { ...messageOptions(msg, names), ...(lng ? { lng } : {}) });
}
