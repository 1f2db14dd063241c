// The table's parts, beside the board: the clock's countdown, a waiting table's
// missing seats (and the host's "start now with bots"), the chat, leaving the table and the
// rematch at the end.
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, api } from "../api/http";
import { CHAT_MAX, type ChatMessage, lobbyApi } from "../api/lobby";
import { forgetToken, holdSeat } from "../api/tokens";
import { useAccount } from "../account/account";
import { Icon } from "./Icon";
import { NAME_LENGTH } from "./JoinForm";
import { heldSeats } from "../account/account";
import type { Catalog, Snapshot, TableEvent } from "../api/types";
import { useT } from "../i18n/hooks";
import { addMessage, addMessages, hostKey, onChat } from "../play/chat";
import { formatClock, secondsLeft, sociable, startBots } from "../play/table";
import { eventText } from "../text/events";
import { botChoice, seatName } from "../text/words";

/** The time the seat to move has left, counting down each second from the snapshot's `deadline`. */
export function Clock({ deadline, mine, forfeit = false }: { deadline: string; mine: boolean; forfeit?: boolean }) {
  const { t } = useT();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  const left = secondsLeft(deadline, now);
  return (
    <span class={`clock${mine && left < 30 ? " clock-low" : ""}`} data-clock={left} title={forfeit ? t("table.clock-help-forfeit") : t("table.clock-help")}>
      <Icon name="clock" size={14} /> {t("table.clock", { time: formatClock(left) })}
    </span>
  );
}

/** A table waiting for players: who is missing, and for its host "start now with bots". */
export function Waiting({ id, snapshot, token }: { id: string; snapshot: Snapshot; token: string | null }) {
  const { t } = useT();
  const open = snapshot.open_seats;
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [bot, setBot] = useState("casual");
  const [error, setError] = useState("");
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const who = useAccount();
  const host = !!token && localStorage.getItem(hostKey(id)) === String(snapshot.you);
  // A visitor with no seat here (the table's link, listed or not) may take an open seat.
  const visitor = snapshot.you === null && snapshot.invited === null;
  useEffect(() => {
    if (host) api.catalog().then(setCatalog, () => undefined);
  }, [host]);
  if (open.length === 0) return null;
  const take = (seat: number) => {
    // A guest names themselves first; an account's name is its own.
    if (!who && !name.trim()) {
      setError(t("lobby.name-first"));
      return;
    }
    setBusy(true);
    lobbyApi.takeSeat(id, seat, who ? null : name.trim()).then(
      (joined) => {
        if (joined.token && joined.you !== null) holdSeat(id, joined.you, joined.token, true);
        location.reload(); // the page reads the seats it holds once
      },
      (e: Error) => {
        setError(e.message);
        setBusy(false);
      },
    );
  };
  return (
    <section class="waiting" data-waiting={open.join(",")} aria-labelledby="waiting-title">
      <h2 id="waiting-title">{t("table.waiting")}</h2>
      <p>{t("table.missing", { seats: open.map(seatName).join(", ") })}</p>
      {/* The table's own link takes a seat: never "find it in the lobby", where an unlisted table is not. */}
      <p class="hint">{t("table.share-link")}</p>
      {visitor && (
        <div class="take-seats">
          {!who && (
            <label class="option">
              <span class="option-label">{t("new.your-name")}</span>
              <input data-field="take-name" value={name} maxLength={NAME_LENGTH} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
            </label>
          )}
          {open.map((seat) => (
            <button type="button" key={seat} class="primary" data-action="take-seat" data-seat={seat} disabled={busy} onClick={() => take(seat)}>
              {t("table.take-seat", { seat: seatName(seat) })}
            </button>
          ))}
        </div>
      )}
      {host && token && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            lobbyApi.start(id, token, bot).then(
              () => setError(""),
              (err: Error) => setError(err.message),
            );
          }}
        >
          <label>
            {t("table.start-bot")}{" "}
            <select data-field="start-bot" value={bot} onChange={(e) => setBot((e.target as HTMLSelectElement).value)}>
              {startBots(catalog?.bots ?? [], snapshot.game, snapshot.seats.length).map((b) => (
                <option key={b.spec} value={b.spec}>
                  {botChoice(b.level, b.label)}
                </option>
              ))}
            </select>
          </label>{" "}
          <button type="submit" class="primary" data-action="start-with-bots">
            {t("table.start")}
          </button>
          {error && (
            <p class="error" data-error role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}

/** The table's chat: the last messages, a line to write (its length limit shown), a mute per seat. */
export function Chat({
  id,
  token,
  you,
  names,
  humans,
  events = [],
}: {
  id: string;
  token: string | null;
  you: number | null;
  names: string[];
  humans: number[];
  /** What happened to the seats: lines of their own among the messages, by time. */
  events?: TableEvent[];
}) {
  const { t } = useT();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [muted, setMuted] = useState<number[]>([]);
  const [text, setText] = useState("");
  const [error, setError] = useState("");
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    lobbyApi.chatLog(id, token).then(
      (r) => {
        setMessages((old) => addMessages(old, r.messages));
        setMuted(r.muted);
      },
      () => undefined,
    );
    return onChat(id, (m) => setMessages((old) => addMessage(old, m)));
  }, [id, token]);
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: "nearest" });
  }, [messages.length]);

  const send = () => {
    if (!token || !text.trim()) return;
    lobbyApi.chat(id, token, text).then(
      (m) => {
        setMessages((old) => addMessage(old, m));
        setText("");
        setError("");
      },
      (e: Error) => setError(e.message),
    );
  };
  const toggleMute = (seat: number) => {
    if (!token) return;
    lobbyApi.mute(id, token, seat, !muted.includes(seat)).then(
      (r) => setMuted(r.muted),
      (e: Error) => setError(e.message),
    );
  };
  const shown = messages.filter((m) => !muted.includes(m.seat));
  // Messages and seat events in the order they happened (both carry the server's ISO time).
  type Line = { at: string; message?: ChatMessage; event?: TableEvent };
  const lines: Line[] = [...shown.map((m) => ({ at: m.at, message: m })), ...events.map((e) => ({ at: e.at, event: e }))];
  lines.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const others = humans.filter((s) => s !== you);
  // Nobody to talk with (a tutorial, a game against bots): no chat, unless it has lines
  // already (a player who left: the others still read what was said and what happened).
  if (!sociable(humans) && lines.length === 0) return null;

  return (
    <section class="chat" aria-labelledby="chat-title">
      <h2 id="chat-title">{t("chat.title")}</h2>
      {lines.length === 0 ? (
        <p class="hint" data-empty="chat">
          {t("chat.empty")}
        </p>
      ) : (
        <ol class="chat-messages" ref={list} aria-live="polite">
          {lines.map(({ message: m, event }) =>
            m ? (
              // Text is JSX text: Preact escapes it, so a message is never markup. The name is
              // the speaker's when they said it, even if a bot holds the seat now.
              <li key={m.id} data-chat={m.id} data-seat={m.seat}>
                <b>{m.name ?? seatName(m.seat)}:</b> <span class="chat-text">{m.text}</span>
              </li>
            ) : event ? (
              <li key={`event-${event.at}-${event.kind}-${event.seat}`} class="chat-event" data-event={event.kind}>
                {eventText(event)}
              </li>
            ) : null,
          )}
        </ol>
      )}
      {token && you !== null ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <input
            data-field="chat"
            aria-label={t("chat.say")}
            placeholder={t("chat.say")}
            value={text}
            maxLength={CHAT_MAX}
            onInput={(e) => setText((e.target as HTMLInputElement).value)}
          />{" "}
          <button type="submit" data-action="chat-send" disabled={!text.trim()}>
            {t("chat.send")}
          </button>{" "}
          <small class="chat-count" data-chat-count={text.length}>
            {t("chat.count", { n: text.length, max: CHAT_MAX })}
          </small>
        </form>
      ) : (
        <p class="hint">{t("chat.seated-only")}</p>
      )}
      {token && others.length > 0 && (
        <details class="chat-mute">
          <summary>{t("chat.mute-title")}</summary>
          {others.map((s) => (
            <label key={s}>
              <input type="checkbox" data-action="mute" data-seat={s} checked={muted.includes(s)} onChange={() => toggleMute(s)} />{" "}
              {t("chat.mute", { name: names[s] })}
            </label>
          ))}
        </details>
      )}
      {error && (
        <p class="error" data-error role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** "Leave the table" while in play; "rematch" at the end (a new deal, same seats and options). */
export function TableActions({ id, snapshot, token, names }: { id: string; snapshot: Snapshot; token: string | null; names: string[] }) {
  const { t } = useT();
  const [error, setError] = useState("");
  const you = snapshot.you;
  if (!token || you === null) return null;
  // Leaving a table of bots leaves nobody waiting: no button (a rematch at the end stays).
  // An invited or open seat is someone to come.
  const alone = !snapshot.seats.some((s) => s.kind === "human" && s.seat !== you);
  const fail = (e: unknown) => setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));

  const leave = () => {
    const forfeit = snapshot.on_leave === "forfeit";
    if (!window.confirm(forfeit ? t("table.leave-confirm-forfeit") : t("table.leave-confirm"))) return;
    lobbyApi.leave(id, token).then(() => {
      // A bot's seat from now on: the token stops working and the page watches. A forfeited
      // seat stays the player's (the result, a rematch).
      if (!forfeit) forgetToken(id);
      location.reload();
    }, fail);
  };
  const rematch = () => {
    const next = snapshot.rematch;
    if (next) {
      // Someone asked already: this seat joins the new game with its old token as the invitation.
      if (heldSeats().some((h) => h.game === next)) return location.assign(`/play/${next}`);
      api.join(next, token, names[you]).then((s) => {
        if (s.token && s.you !== null) holdSeat(next, s.you, s.token, true);
        location.assign(`/play/${next}`);
      }, fail);
      return;
    }
    lobbyApi.rematch(id, token).then((created) => {
      Object.entries(created.tokens).forEach(([seat, tok], i) => holdSeat(created.id, Number(seat), tok, i === 0));
      localStorage.setItem(hostKey(created.id), Object.keys(created.tokens)[0] ?? "");
      location.assign(`/play/${created.id}`);
    }, fail);
  };

  return (
    <div class="table-actions">
      {snapshot.status === "over" ? (
        <button type="button" class="primary" data-action="rematch" onClick={rematch}>
          {snapshot.rematch ? t("table.join-rematch") : t("table.rematch")}
        </button>
      ) : alone ? null : (
        <button type="button" data-action="leave" onClick={leave}>
          {t("table.leave")}
        </button>
      )}
      {error && (
        <p class="error" data-error role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
