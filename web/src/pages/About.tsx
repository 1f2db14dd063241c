// The About page (route `/about`): what the pictures and the font are and under which
// licences they are shipped (the licence texts are served beside the client). Each paragraph
// is sentences of the ui catalogue around links that stay as they are (names, licences).
import { LanguageSwitch } from "../components/LanguageSwitch";
import { t } from "../i18n";

export function About() {
  return (
    <main class="about">
      <LanguageSwitch />
      <p>
        <a href="/">zoogames</a>
      </p>
      <h1>{t("about.title")}</h1>
      <p>
        {t("about.openmoji-by")} <a href="https://openmoji.org/">OpenMoji</a> {t("about.openmoji-what")}{" "}
        <a href="https://creativecommons.org/licenses/by-sa/4.0/">CC BY-SA 4.0</a> (
        <a href="/licenses/openmoji-CC-BY-SA-4.0.txt" data-licence="openmoji">
          {t("about.licence-text")}
        </a>
        ). {t("about.openmoji-used")}
      </p>
      <p>
        {t("about.font")} (
        <a href="/licenses/atkinson-hyperlegible-OFL-1.1.txt" data-licence="font">
          {t("about.licence-text")}
        </a>
        ).
      </p>
      <p>
        {t("about.drawn")} {t("about.authors")}
      </p>
    </main>
  );
}
