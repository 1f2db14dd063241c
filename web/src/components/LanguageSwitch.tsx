// The language switcher on every page: "EN | CS" as two toggle buttons, the one
// in use pressed. The choice is remembered (i18n/index.ts: localStorage `zoogames.lang`) and
// `<html lang>` follows it; every component re-renders in the new language.
import { LANGUAGES, type Language, setLanguage } from "../i18n";
import { useT } from "../i18n/hooks";

export function LanguageSwitch() {
  const { t, lang } = useT();
  return (
    <span class="language-switch" role="group" aria-label={t("language.label")} data-language={lang}>
      {(Object.keys(LANGUAGES) as Language[]).map((l) => (
        <button type="button" key={l} lang={l} data-lang={l} aria-pressed={l === lang} title={LANGUAGES[l]} onClick={() => setLanguage(l)}>
          {/* Seen: "EN"; heard: "English" (the language's own name, in its own language). */}
          <span aria-hidden="true">{l.toUpperCase()}</span>
          <span class="sr-only">{LANGUAGES[l]}</span>
        </button>
      ))}
    </span>
  );
}
