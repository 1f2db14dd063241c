// The links the creator of a game hands out (invited seats, and any further "me" seats),
// kept in localStorage so the game page can show them with copy buttons.

export interface InviteLink {
  seat: number;
  token: string;
  kind: "me" | "invite";
}

const key = (id: string) => `zoogames:invites:${id}`;

export function storeInvites(id: string, links: InviteLink[]): void {
  try {
    localStorage.setItem(key(id), JSON.stringify(links));
  } catch {
    // Without storage the links are simply not shown again.
  }
}

export function storedInvites(id: string): InviteLink[] {
  try {
    return JSON.parse(localStorage.getItem(key(id)) ?? "[]") as InviteLink[];
  } catch {
    return [];
  }
}
