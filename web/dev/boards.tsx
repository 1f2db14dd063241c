// Development only (`npm run dev`, then /dev/boards.html): every board drawn from views the
// engine wrote (dev/views.json, made by dev/make_views.py), with choosing enabled and the
// chosen action printed instead of sent. No server needed. Not part of the build.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { GameView } from "../src/api/types";
import { ActionBar } from "../src/components/ActionBar";
import { Board } from "../src/components/Board";
import { PlayContext } from "../src/play/context";
import { useControls } from "../src/play/useControls";
import "../src/style.css";

function Fixture({ view }: { view: GameView }) {
  const [sent, setSent] = useState<string[]>([]);
  const controls = useControls({
    legal: view.legal,
    position: 0,
    me: view.seat,
    names: Array.from({ length: view.players }, (_, i) => `Seat ${i + 1}`),
    thinking: null,
    showScores: true,
    onSend: (a) => setSent([...sent, a]),
  });
  return (
    <PlayContext.Provider value={controls}>
      <main class="play" data-legal={JSON.stringify(view.legal)}>
        <ActionBar canUndo={false} onUndo={() => undefined} />
        <p data-sent={sent.join("|")}>sent: {sent.join(", ")}</p>
        <Board view={view} />
      </main>
    </PlayContext.Provider>
  );
}

function Boards() {
  const [views, setViews] = useState<Record<string, GameView>>({});
  const [chosen, setChosen] = useState(new URLSearchParams(location.search).get("view") ?? "");
  useEffect(() => {
    fetch("/dev/views.json")
      .then((r) => r.json())
      .then((v: Record<string, GameView>) => setViews(v));
  }, []);
  const view = views[chosen];
  return (
    <div>
      <select value={chosen} onChange={(e) => setChosen((e.target as HTMLSelectElement).value)}>
        <option value="">choose a view</option>
        {Object.keys(views).map((k) => (
          <option key={k}>{k}</option>
        ))}
      </select>
      {view && <Fixture key={chosen} view={view} />}
    </div>
  );
}

render(<Boards />, document.getElementById("app") as HTMLElement);
