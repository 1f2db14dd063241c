// The client's entry: `/` is the new-game form, `/play/{id}` a game, `/about` the credits.
import "@fontsource/atkinson-hyperlegible/400.css";
import "@fontsource/atkinson-hyperlegible/700.css";
import { render } from "preact";
import { About } from "./pages/About";
import { NewGame } from "./pages/NewGame";
import { Play } from "./pages/Play";
import "./style.css";

function App() {
  const play = /^\/play\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
  if (play) return <Play id={play[1]} />;
  if (location.pathname === "/") return <NewGame />;
  if (location.pathname === "/about") return <About />;
  return (
    <main>
      <p>
        No such page. <a href="/">Start a game</a>
      </p>
    </main>
  );
}

render(<App />, document.getElementById("app") as HTMLElement);
