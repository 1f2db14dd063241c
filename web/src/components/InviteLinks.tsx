// The links the creator hands out: each invited seat's (its token in the fragment) and
// the spectators'. Each has a copy button.
import { useState } from "preact/hooks";
import type { InviteLink } from "../api/invites";
import { playLink } from "../api/tokens";

function LinkRow({ label, link, name }: { label: string; link: string; name: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <li>
      <span>{label}</span> <input readOnly value={link} data-link={name} onFocus={(e) => (e.target as HTMLInputElement).select()} />
      <button type="button" data-action="copy-link" data-link-for={name} onClick={copy}>
        {copied ? "copied" : "copy"}
      </button>
    </li>
  );
}

export function InviteLinks({ id, invites, names }: { id: string; invites: InviteLink[]; names: string[] }) {
  return (
    <details class="invite-links" open={invites.length > 0}>
      <summary>Links</summary>
      <ul>
        {invites.map((l) => (
          <LinkRow key={l.seat} label={`${names[l.seat]} (${l.kind === "invite" ? "invited" : "yours"})`} link={playLink(id, l.token)} name={`seat-${l.seat}`} />
        ))}
        <LinkRow label="spectators" link={playLink(id)} name="spectator" />
      </ul>
    </details>
  );
}
