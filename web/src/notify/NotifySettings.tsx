// "Notify me when it is my turn" for a signed-in player: a push toggle for this
// browser and an optional e-mail address (turn-based games only). Both are off until the
// player turns them on; the server sends nothing otherwise (docs/server.md, Notifications).
// An address gets a link to confirm it first, which opens the account page with
// the link's secret in the fragment: `EmailConfirmation` hands it to the server.
import { useEffect, useState } from "preact/hooks";
import { useT } from "../i18n/hooks";
import {
  confirmEmail,
  currentSubscription,
  disablePush,
  enablePush,
  linkSecret,
  notifySettings,
  pushSupported,
  PushRefused,
  setEmail,
  type NotifySettings as Settings,
} from "./push";

/** The account page opened from an e-mailed link (`/account#email=SECRET`): confirms the
 * address, signed in or not, and says so; `onConfirmed` lets the page show the new settings. */
export function EmailConfirmation({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useT();
  const [secret] = useState(() => linkSecret(location.hash));
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (secret === null) return;
    // The secret leaves the address bar (and the history) before anything else happens.
    history.replaceState(null, "", location.pathname + location.search);
    setMessage(t("notify.email-confirming"));
    confirmEmail(secret).then(
      (r) => {
        setMessage(t("notify.email-confirmed", { email: r.email }));
        onConfirmed();
      },
      (e: Error) => setMessage(e.message),
    );
  }, [secret]); // once per page: a secret works once
  if (message === null) return null;
  return (
    <p role="status" data-email-confirmation>
      {message}
    </p>
  );
}

export function NotifySettings() {
  const { t } = useT();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [pushOn, setPushOn] = useState(false);
  const [address, setAddress] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    notifySettings()
      .then((s) => {
        setSettings(s);
        setAddress(s.email_pending ?? s.email ?? "");
      })
      .catch((e: Error) => setMessage(e.message));
    currentSubscription()
      .then((s) => setPushOn(s !== null))
      .catch(() => setPushOn(false));
  }, []);

  async function togglePush(on: boolean) {
    setBusy(true);
    setMessage(null);
    try {
      if (on) await enablePush();
      else await disablePush();
      setPushOn(on);
      setSettings(await notifySettings());
    } catch (e) {
      if (e instanceof PushRefused) setMessage(e.reason === "denied" ? t("notify.push-denied") : t("notify.push-unsupported"));
      else setMessage((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function saveEmail(event: Event) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const s = await setEmail(address.trim() === "" ? null : address.trim());
      setSettings(s);
      setMessage(
        s.email_pending ? t("notify.email-check", { email: s.email_pending }) : s.email ? t("notify.email-saved", { email: s.email }) : t("notify.email-off"),
      );
    } catch (e) {
      setMessage((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section class="notify-settings" aria-labelledby="notify-title">
      <h2 id="notify-title">{t("notify.title")}</h2>
      {pushSupported() ? (
        <label>
          <input type="checkbox" checked={pushOn} disabled={busy} onChange={(e) => void togglePush((e.currentTarget as HTMLInputElement).checked)} />{" "}
          {t("notify.push")}
        </label>
      ) : (
        <p>{t("notify.push-unsupported")}</p>
      )}
      {settings?.email_available && (
        <form onSubmit={(e) => void saveEmail(e)}>
          <label>
            {t("notify.email")}{" "}
            <input
              type="email"
              autoComplete="email"
              maxLength={254}
              value={address}
              disabled={busy}
              placeholder={t("notify.email-placeholder")}
              onInput={(e) => setAddress((e.currentTarget as HTMLInputElement).value)}
            />
          </label>{" "}
          <button type="submit" disabled={busy}>
            {t("notify.email-save")}
          </button>
          {settings.email_pending && (
            <p class="hint" data-email-pending={settings.email_pending}>
              {t("notify.email-pending", { email: settings.email_pending })}
            </p>
          )}
          <p class="hint">{t("notify.email-hint")}</p>
        </form>
      )}
      {message && <p role="status">{message}</p>}
    </section>
  );
}
