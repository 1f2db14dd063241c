// The client's entry: `/` is the new-game form, `/play/{id}` a game, `/about` the credits.
import "@fontsource/atkinson-hyperlegible/400.css";
import "@fontsource/atkinson-hyperlegible/700.css";
import { render } from "preact";
import { LanguageSwitch } from "./components/LanguageSwitch";
import { useT } from "./i18n/hooks";
import { About } from "./pages/About";
import { NewGame } from "./pages/NewGame";
import { Play } from "./pages/Play";
import "./style.css";

function App() {
  // The whole page re-renders in the new language when the switcher changes it.
  const { t } = useT();
  const play = /^\/play\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
  if (play) return <Play id={play[1]} />;
  if (location.pathname === "/") return <NewGame />;
  if (location.pathname === "/about") return <About />;
  return (
    <main>
      <LanguageSwitch />
      <p>
        {t("page.none")} <a href="/">{t("page.start")}</a>
      </p>
    </main>
  );
}

render(<App />, document.getElementById("app") as HTMLElement);
