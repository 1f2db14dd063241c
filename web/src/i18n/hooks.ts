// Components re-render when the language changes: `useT` subscribes to i18next's
// `languageChanged` (the state it bumps is only there to cause the re-render).
import { useEffect, useState } from "preact/hooks";
import { current, i18n, t, type Language } from ".";

/** The translation function, and the language in use; the caller re-renders on a change. */
export function useT(): { t: typeof t; lang: Language } {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    i18n.on("languageChanged", bump);
    return () => i18n.off("languageChanged", bump);
  }, []);
  return { t, lang: current() };
}
