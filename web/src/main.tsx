// The client's entry: `/` is the home page (a card per game), `/new` the new-game form,
// `/play/{id}` a game, `/about` the credits; `/lobby`, `/games` (my games), `/account`,
// `/players/{name}`, `/leaderboard/{game}`.
import "@fontsource/atkinson-hyperlegible/400.css";
import "@fontsource/atkinson-hyperlegible/700.css";
import { render } from "preact";
import { LanguageSwitch } from "./components/LanguageSwitch";
import { SiteNav } from "./components/SiteNav";
import { useT } from "./i18n/hooks";
import { About } from "./pages/About";
import { Home } from "./pages/Home";
import { Account } from "./pages/Account";
import { Leaderboard } from "./pages/Leaderboard";
import { Lobby } from "./pages/Lobby";
import { MyGames } from "./pages/MyGames";
import { Profile } from "./pages/Profile";
import { NewGame } from "./pages/NewGame";
import { Play } from "./pages/Play";
import "./style.css";
import "./lobby.css";

function App() {
  // The whole page re-renders in the new language when the switcher changes it.
  const { t } = useT();
  const play = /^\/play\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
  if (play) return <Play id={play[1]} />;
  if (location.pathname === "/") return <Home />;
  if (location.pathname === "/new") return <NewGame />;
  if (location.pathname === "/about") return <About />;
  if (location.pathname === "/lobby") return <Lobby />;
  if (location.pathname === "/games") return <MyGames />;
  if (location.pathname === "/account") return <Account />;
  const player = /^\/players\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
  if (player) return <Profile name={player[1]} />;
  const board = /^\/leaderboard\/([a-z0-9-]+)\/?$/.exec(location.pathname);
  if (board) return <Leaderboard game={board[1]} />;
  return (
    <main data-page="none">
      <SiteNav />
      <LanguageSwitch />
      <p>
        {t("page.none")} <a href="/">{t("page.start")}</a>
      </p>
    </main>
  );
}

render(<App />, document.getElementById("app") as HTMLElement);
