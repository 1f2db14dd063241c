// One game as the page sees it: the latest snapshot, the whole move log, whether the
// server is reachable, which bot is thinking, the last error; and acting, undoing, joining.
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, api } from "../api/http";
import { GameSocket, type Incoming } from "../api/socket";
import { confirm, joined, pageSeats, reject, seatToFollow, switchSeat } from "../api/tokens";
import { pushChat } from "./chat";
import { useSeats } from "../components/SeatSwitcher";
import type { LogEntry, Snapshot } from "../api/types";
import { t } from "../i18n";
import { detailText } from "../i18n/server";

export interface Game {
  snapshot: Snapshot | null;
  log: LogEntry[];
  online: boolean;
  thinking: number | null;
  error: string;
  /** The HTTP status (or socket close code's status) of the last error, 0 if none. */
  errorStatus: number;
  /** The server refused this page's token: the page shows why and offers nothing. */
  refused: boolean;
  act: (action: string) => void;
  undo: () => void;
  join: (name: string) => void;
}

function mergeLog(log: LogEntry[], snapshot: Snapshot): LogEntry[] {
  return [...log.filter((e) => e.number < snapshot.log_from), ...snapshot.log];
}

export function useGame(id: string): Game {
  const seats = useSeats(id); // the seat played, of those held; a link's secret on trial
  const token = seats.token;
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [online, setOnline] = useState(false);
  const [thinking, setThinking] = useState<number | null>(null);
  const [error, setError] = useState("");
  const [errorStatus, setErrorStatus] = useState(0);
  const [refused, setRefused] = useState(false);
  const socket = useRef<GameSocket | null>(null);
  const latest = useRef<Snapshot | null>(null);
  /** The seat to move the page last followed (undefined: none yet). */
  const turn = useRef<number | null | undefined>(undefined);

  const accept = (s: Snapshot) => {
    latest.current = s;
    setSnapshot(s);
    setLog((old) => mergeLog(old, s));
    setThinking(s.thinking);
    setError("");
    confirm(id, s.you, s.invited);
    setErrorStatus(0);
    // Hot seat: when the turn passes (and on loading), the page plays the seat to move if this
    // browser holds it; its socket then reconnects with that seat's token. Only when the turn
    // passes: a seat the player switched to by hand stays until then. A waiting table has
    // nobody to move.
    const toMove = s.status === "playing" && s.open_seats.length === 0 ? s.view.to_move : null;
    if (toMove !== turn.current) {
      turn.current = toMove;
      const page = pageSeats(id);
      const next = seatToFollow(page.held, page.trial, toMove);
      if (next !== null) switchSeat(id, next);
    }
  };

  const fail = (status: number, detail: string) => {
    setError(detail);
    setErrorStatus(status);
    if ((status === 401 || status === 403) && reject(id)) return; // back to a held seat
    if (status === 401 || status === 403 || status === 404) {
      setRefused(true);
      socket.current?.close();
    } else if (status === 409) {
      // Someone else acted first, or this page was behind: fetch the position afresh.
      api.snapshot(id, token).then(accept, () => undefined);
    }
  };

  useEffect(() => {
    const onMessage = (m: Incoming) => {
      if (m.type === "state") accept(m);
      else if (m.type === "thinking") setThinking(m.seat);
      else if (m.type === "error") fail(m.status, detailText(m.detail, m.status, m.message));
      else if (m.type === "chat") pushChat(id, m); // the chat panel's (play/chat.ts)
    };
    socket.current = new GameSocket(id, token, { onMessage, onOnline: setOnline });
    return () => socket.current?.close();
  }, [id, token]);

  const viaHttp = (request: Promise<Snapshot>) => {
    request.then(accept, (e: unknown) => {
      if (e instanceof ApiError) fail(e.status, e.message);
      else setError(t("error.unreachable"));
    });
  };

  return {
    snapshot,
    log,
    online,
    thinking,
    error,
    errorStatus,
    refused,
    act: (action) => {
      const s = latest.current;
      if (!s || !token) return;
      if (!socket.current?.act(action, s.number)) viaHttp(api.act(id, token, action, s.number));
    },
    undo: () => {
      if (!token) return;
      if (!socket.current?.undo()) viaHttp(api.undo(id, token));
    },
    join: (name) => {
      if (!token) return;
      api.join(id, token, name).then(
        (s) => {
          if (s.token && s.you !== null) joined(id, s.you, s.token); // the invitation's exchange
          accept(s);
        },
        (e: unknown) => fail(e instanceof ApiError ? e.status : 0, (e as Error).message),
      );
    },
  };
}
