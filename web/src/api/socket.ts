// The WebSocket half of docs/api.md. It reconnects by itself with back-off (0.5 s doubling
// to 8 s) and says hello again each time; the snapshot that answers brings the page up to date.
import type { ChatMessage } from "./lobby";
import type { Snapshot } from "./types";

export type Incoming =
  ({ type: "state" } & Snapshot) | { type: "thinking"; seat: number } | { type: "error"; status: number; detail: unknown; message?: unknown } | ChatMessage;

export interface SocketHandlers {
  onMessage: (message: Incoming) => void;
  onOnline: (online: boolean) => void;
}

export class GameSocket {
  private socket: WebSocket | null = null;
  private delay = 500;
  private timer: number | undefined;
  private closed = false;

  constructor(
    private readonly id: string,
    private readonly token: string | null,
    private readonly handlers: SocketHandlers,
  ) {
    this.open();
  }

  act(action: string, number: number): boolean {
    return this.send({ type: "act", action, number });
  }

  undo(): boolean {
    return this.send({ type: "undo" });
  }

  close(): void {
    this.closed = true;
    window.clearTimeout(this.timer);
    this.socket?.close();
  }

  private send(message: unknown): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private open(): void {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/api/games/${this.id}/ws`);
    this.socket = socket;
    socket.onopen = () => {
      this.delay = 500;
      socket.send(JSON.stringify({ type: "hello", token: this.token }));
      this.handlers.onOnline(true);
    };
    socket.onmessage = (event) => {
      this.handlers.onMessage(JSON.parse(String(event.data)) as Incoming);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.handlers.onOnline(false);
      // 4000 + status: the server refused this game or token for good (docs/api.md).
      if (event.code >= 4000) this.closed = true;
      if (this.closed) return;
      this.timer = window.setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }
}
