// The table's "?": a button in the game page's header that opens the current game's rules
// summary (docs/summaries/) in a modal <dialog>. The native dialog gives what an accessible
// one needs: focus moves into it, Esc closes it, the page behind is inert. On closing, focus
// goes back to the "?" explicitly, whatever the browser does. The text scrolls inside the
// dialog, so a long summary reads on a phone too.
// The language is i18next's (useT): the switcher changes the summary's language at once,
// even while the dialog is open, and the dialog's own labels come from the ui catalogue.
import { useEffect, useRef, useState } from "preact/hooks";
import { useT } from "../i18n/hooks";
import type { Summary, SummaryLang } from "../text/summaries";
import { shortcutList } from "../play/shortcuts";

type Loaded = { state: "loading" } | { state: "failed" } | { state: "shown"; summary: Summary; key: string };

/** The "?" button and its dialog showing `game`'s summary in the language in use. */
export function RulesSummary({ game }: { game: string }) {
  const { t, lang: language } = useT();
  // Every language the client speaks has a summary; one that did not would read English.
  const lang: SummaryLang = language === "cs" ? "cs" : "en";
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });

  // Load when opened (the first time fetches the chunk), unless this game's summary in this
  // language is already shown; again if the game or the language changes while it is open.
  const key = `${game}.${lang}`;
  const shownKey = loaded.state === "shown" ? loaded.key : null;
  useEffect(() => {
    if (!open || shownKey === key) return;
    let current = true;
    setLoaded({ state: "loading" });
    import("../text/summaries")
      .then((m) => m.loadSummary(game, lang))
      .then(
        (summary) => current && setLoaded(summary ? { state: "shown", summary, key } : { state: "failed" }),
        () => current && setLoaded({ state: "failed" }),
      );
    return () => {
      current = false;
    };
    // shownKey is read, not watched: the load it starts must not start itself again.
  }, [open, key]);

  const show = () => {
    dialog.current?.showModal();
    setOpen(true);
  };
  // Every way of closing (the button, Esc, a click beside the box) ends here, in the
  // dialog's "close" event.
  const closed = () => {
    setOpen(false);
    opener.current?.focus();
  };
  // A summary of another game or language (the switcher was used since) is never shown, not
  // even for the moment before the effect starts loading the right one.
  const shown = loaded.state === "shown" && loaded.key !== key ? ({ state: "loading" } as const) : loaded;
  const title = shown.state === "shown" ? shown.summary.title : t("rules.open");

  return (
    <>
      <button
        ref={opener}
        type="button"
        class="rules-button"
        data-action="rules"
        aria-haspopup="dialog"
        aria-label={t("rules.open")}
        title={t("rules.open")}
        onClick={show}
      >
        ?
      </button>
      <dialog
        ref={dialog}
        class="rules-dialog"
        data-rules={game}
        lang={lang}
        aria-labelledby="rules-title"
        onClose={closed}
        onClick={(e) => {
          // The dialog element itself is hit only on its backdrop: its box is all content.
          if (e.target === dialog.current) dialog.current?.close();
        }}
      >
        <div class="rules-box">
          <header class="rules-head">
            <h2 id="rules-title">{title}</h2>
            <button type="button" data-action="close-rules" onClick={() => dialog.current?.close()}>
              {t("rules.close")}
            </button>
          </header>
          {/* Focusable so that a keyboard can scroll it. The HTML is marked's rendering of
              the project's own files in docs/summaries/, never of anything a player sent. */}
          {shown.state === "shown" ? (
            <div class="rules-body" tabIndex={0} dangerouslySetInnerHTML={{ __html: shown.summary.html }} />
          ) : (
            <p class="rules-body" role="status">
              {shown.state === "loading" ? t("rules.loading") : t("rules.failed")}
            </p>
          )}
          {/* The page's keyboard shortcuts (play/shortcuts.ts), under the rules they serve. */}
          <section class="shortcuts" data-shortcuts aria-labelledby="shortcuts-title">
            <h3 id="shortcuts-title">{t("keys.title")}</h3>
            <dl>
              {shortcutList().map((s) => (
                <div key={s.keys}>
                  <dt>
                    <kbd>{s.keys}</kbd>
                  </dt>
                  <dd>{s.what}</dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      </dialog>
    </>
  );
}
