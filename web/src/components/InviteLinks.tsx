// The links the creator hands out: each invited seat's (its invitation in the fragment:
// the invited player exchanges it for a token of their own when joining), the creator's
// other seats', and the spectators'. Each has a copy button. An invited seat nobody has
// joined can be handed to a bot, so that a game never waits forever for a guest.
import { useState } from "preact/hooks";
import { api } from "../api/http";
import type { InviteLink } from "../api/invites";
import { activeToken, playLink } from "../api/tokens";
import type { Snapshot } from "../api/types";
import "../seats.css";
import { t } from "../i18n";

const BOT = "greedy";

function LinkRow({ label, link, name }: { label: string; link: string; name: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <>
      <span>{label}</span> <input readOnly value={link} data-link={name} onFocus={(e) => (e.target as HTMLInputElement).select()} />
      <button type="button" data-action="copy-link" data-link-for={name} onClick={copy}>
        {copied ? t("links.copied") : t("links.copy")}
      </button>
    </>
  );
}

function ToBot({ id, seat }: { id: string; seat: number }) {
  const [problem, setProblem] = useState("");
  const token = activeToken(id);
  if (!token) return null;
  const hand = () => {
    api.seatToBot(id, token, seat, BOT).then(
      () => setProblem(""),
      (e: unknown) => setProblem((e as Error).message),
    );
  };
  return (
    <>
      {" "}
      <button type="button" data-action="seat-to-bot" data-seat={seat} onClick={hand}>
        {t("links.to-bot")}
      </button>
      {problem && <span class="seat-notice">{problem}</span>}
    </>
  );
}

/** The seats anyone may take: human seats nobody has joined that hold no invitation of ours. */
export function openSeats(seats: Snapshot["seats"], invites: InviteLink[]): number[] {
  return seats.filter((s) => s.kind === "human" && !s.joined && !invites.some((l) => l.seat === s.seat)).map((s) => s.seat);
}

export function InviteLinks({ id, invites, names, seats }: { id: string; invites: InviteLink[]; names: string[]; seats: Snapshot["seats"] }) {
  const open = openSeats(seats, invites);
  return (
    <details class="invite-links" open={invites.length > 0 || open.length > 0}>
      <summary>{t("links.title")}</summary>
      <ul>
        {invites.map((l) => {
          const waiting = l.kind === "invite" && seats[l.seat]?.kind === "human" && !seats[l.seat]?.joined;
          if (l.kind === "invite" && !waiting) return null; // joined or handed to a bot: the link is spent
          return (
            <li key={l.seat}>
              <LinkRow
                label={l.kind === "invite" ? t("links.invited", { name: names[l.seat] }) : t("links.yours", { name: names[l.seat] })}
                link={playLink(id, l.token, l.kind === "invite" ? "invite" : "token")}
                name={`seat-${l.seat}`}
              />
              {waiting && <ToBot id={id} seat={l.seat} />}
            </li>
          );
        })}
        {/* An open seat's link is the table's: whoever opens it may take the seat there
            (listed or not: an unlisted table is in no lobby). */}
        {open.map((seat) => (
          <li key={`open-${seat}`}>
            <LinkRow label={t("links.open", { name: names[seat] })} link={playLink(id)} name={`open-${seat}`} />
          </li>
        ))}
        <li>
          <LinkRow label={t("links.spectators")} link={playLink(id)} name="spectator" />
        </li>
      </ul>
    </details>
  );
}
