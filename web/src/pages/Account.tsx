// The account page (route `/account`): sign up or sign in with a name and a
// password; signed in, sign out here or everywhere. Accounts are optional: every game
// works without one. Signing in hands this browser's guest seats to the account. A link
// e-mailed to confirm an address opens this page (`/account#email=SECRET`).
import { useState } from "preact/hooks";
import { signIn, signOut, useAccount } from "../account/account";
import { AccountSettings } from "../account/AccountSettings";
import { LanguageSwitch } from "../components/LanguageSwitch";
import { SiteNav } from "../components/SiteNav";
import { useT } from "../i18n/hooks";
import { EmailConfirmation, NotifySettings } from "../notify/NotifySettings";
import { disablePush } from "../notify/push";

function AccountForm({ create }: { create: boolean }) {
  const { t } = useT();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const kind = create ? "signup" : "signin";
  return (
    <form
      class="account-form"
      data-form={kind}
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError("");
        signIn(name.trim(), password, create).then(
          () =>
            location.assign(
              new URLSearchParams(location.search).get("next")?.startsWith("/") ? (new URLSearchParams(location.search).get("next") as string) : "/games",
            ),
          (err: Error) => {
            setError(err.message);
            setBusy(false);
          },
        );
      }}
    >
      <h2>{create ? t("account.sign-up") : t("account.sign-in")}</h2>
      <label class="option">
        <span class="option-label">{t("account.name")}</span>
        <input
          data-field={`${kind}-name`}
          value={name}
          required
          minLength={3}
          maxLength={24}
          pattern="[A-Za-z0-9_\-]+"
          autoComplete="username"
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
      </label>
      {create && <small class="option-help">{t("account.name-help")}</small>}
      <label class="option">
        <span class="option-label">{t("account.password")}</span>
        <input
          type="password"
          data-field={`${kind}-password`}
          value={password}
          required
          minLength={create ? 8 : 1}
          maxLength={256}
          autoComplete={create ? "new-password" : "current-password"}
          onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
        />
      </label>
      {create && <small class="option-help">{t("account.password-help")}</small>}
      <button type="submit" class="primary" data-action={kind} disabled={busy}>
        {create ? t("account.sign-up") : t("account.sign-in")}
      </button>
      {error && (
        <p class="error" data-error role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export function Account() {
  const { t } = useT();
  const who = useAccount();
  const [error, setError] = useState("");
  // Bumped when an e-mailed link confirmed an address: the settings below load again.
  const [confirmed, setConfirmed] = useState(0);
  // Signing out here stops this browser's pushes first: the server cannot tell which
  // subscription is this session's (everywhere drops them all on the server).
  const out = (everywhere: boolean) =>
    (everywhere ? Promise.resolve() : disablePush().catch(() => undefined)).then(() => signOut(everywhere)).then(undefined, (e: Error) => setError(e.message));
  return (
    <main class="account-page">
      <SiteNav />
      <LanguageSwitch />
      <h1>{t("account.title")}</h1>
      <EmailConfirmation onConfirmed={() => setConfirmed((n) => n + 1)} />
      {who === undefined ? (
        <p>{t("new.loading")}</p>
      ) : who === null ? (
        <>
          <p class="hint">{t("account.why")}</p>
          <div class="account-forms">
            <AccountForm create={false} />
            <AccountForm create={true} />
          </div>
        </>
      ) : (
        <section>
          <p data-signed-in={who}>{t("account.signed-in", { name: who })}</p>
          <button type="button" data-action="signout" onClick={() => void out(false)}>
            {t("account.sign-out")}
          </button>{" "}
          <button type="button" data-action="signout-everywhere" onClick={() => void out(true)}>
            {t("account.sign-out-everywhere")}
          </button>
          <p class="hint">{t("account.everywhere-help")}</p>
          {error && (
            <p class="error" data-error role="alert">
              {error}
            </p>
          )}
          <NotifySettings key={confirmed} />
          <AccountSettings name={who} />
        </section>
      )}
    </main>
  );
}
