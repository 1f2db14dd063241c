// An invited player names themselves before taking the seat (POST join).
import { useState } from "preact/hooks";
import { t } from "../i18n";

/** The server's limit on a name (NAME_LENGTH in src/zoogames/server/service.py). */
export const NAME_LENGTH = 32;

export function JoinForm({ seat, onJoin }: { seat: number; onJoin: (name: string) => void }) {
  const [name, setName] = useState("");
  return (
    <form
      class="join-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) onJoin(name.trim());
      }}
    >
      <p>{t("join.invited", { n: seat + 1 })}</p>
      <input
        data-field="join-name"
        aria-label={t("join.name")}
        value={name}
        maxLength={NAME_LENGTH}
        required
        onInput={(e) => setName((e.target as HTMLInputElement).value)}
      />
      <button type="submit" class="primary" data-action="join">
        {t("join.join")}
      </button>
    </form>
  );
}
