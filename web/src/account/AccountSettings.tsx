// Changing the password and deleting the account, on the account page. Both ask
// for the password again. A change signs every other browser out; a deletion signs this one
// out too, and the games stay (the account's seats in them become guests' seats, still held
// by this browser's tokens).
import { useState } from "preact/hooks";
import { call } from "../api/http";
import { useT } from "../i18n/hooks";

/** The password form's and the deletion form's state: working, and what the server said. */
function useRequest(): [boolean, string, (request: () => Promise<unknown>, done: () => void) => void] {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const run = (request: () => Promise<unknown>, done: () => void) => {
    setBusy(true);
    setError("");
    request().then(
      () => {
        setBusy(false);
        done();
      },
      (e: Error) => {
        setError(e.message);
        setBusy(false);
      },
    );
  };
  return [busy, error, run];
}

function ChangePassword() {
  const { t } = useT();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [changed, setChanged] = useState(false);
  const [busy, error, run] = useRequest();
  return (
    <form
      class="account-form"
      data-form="password"
      onSubmit={(e) => {
        e.preventDefault();
        setChanged(false);
        run(
          () => call<object>("POST", "/api/me/password", { current, new: next }),
          () => {
            setCurrent("");
            setNext("");
            setChanged(true);
          },
        );
      }}
    >
      <h2>{t("account.change-password")}</h2>
      <PasswordField label={t("account.current-password")} field="current-password" value={current} set={setCurrent} />
      <PasswordField label={t("account.new-password")} field="new-password" value={next} set={setNext} fresh />
      <small class="option-help">{t("account.password-help")}</small>
      <button type="submit" data-action="change-password" disabled={busy}>
        {t("account.change-password")}
      </button>
      {changed && <p data-changed>{t("account.password-changed")}</p>}
      {error && (
        <p class="error" data-error role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** A labelled password input: the account's own (`fresh`: a new one, 8 characters or more). */
function PasswordField(props: { label: string; field: string; value: string; set: (v: string) => void; fresh?: boolean }) {
  return (
    <label class="option">
      <span class="option-label">{props.label}</span>
      <input
        type="password"
        data-field={props.field}
        value={props.value}
        required
        minLength={props.fresh ? 8 : undefined}
        maxLength={256}
        autoComplete={props.fresh ? "new-password" : "current-password"}
        onInput={(e) => props.set((e.target as HTMLInputElement).value)}
      />
    </label>
  );
}

function DeleteAccount({ name }: { name: string }) {
  const { t } = useT();
  const [password, setPassword] = useState("");
  const [busy, error, run] = useRequest();
  return (
    <form
      class="account-form"
      data-form="delete-account"
      onSubmit={(e) => {
        e.preventDefault();
        if (!window.confirm(t("account.delete-confirm", { name }))) return;
        // Signed out by the answer: the page starts again as a guest's.
        run(
          () => call<object>("DELETE", "/api/me", { password }),
          () => location.assign("/account"),
        );
      }}
    >
      <h2>{t("account.delete")}</h2>
      <p class="hint">{t("account.delete-help")}</p>
      <PasswordField label={t("account.password")} field="delete-password" value={password} set={setPassword} />
      <button type="submit" data-action="delete-account" disabled={busy}>
        {t("account.delete")}
      </button>
      {error && (
        <p class="error" data-error role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The signed-in player's password and account forms. */
export function AccountSettings({ name }: { name: string }) {
  return (
    <div class="account-forms">
      <ChangePassword />
      <DeleteAccount name={name} />
    </div>
  );
}
