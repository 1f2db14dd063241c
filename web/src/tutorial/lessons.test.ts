import { describe, expect, it } from "vitest";
import type { GameView, LogEntry } from "../api/types";
import { LESSONS, allDone, currentLesson, lessonAction, type LessonContext, type Progress } from "./lessons";

const fresh: Progress = { done: [], shown: null, left: false };

/** A log entry of `seat` playing `action` (only what the triggers read is filled in). */
function entry(seat: number, action: string, number = 0): LogEntry {
  return { number, seat, action, text: action, message: { id: "log.notation", params: {} }, round: 1 };
}

/** A learner's context in seat 0: a view of `game` with `legal` and the extra fields given. */
function context(game: string, legal: string[], log: LogEntry[] = [], extra: Record<string, unknown> = {}, over = false): LessonContext {
  const view = { game, players: 2, seat: 0, to_move: legal.length ? 0 : 1, legal, scores: [], trucks: [], ...extra } as unknown as GameView;
  return { view, log, you: 0, over };
}

function shown(game: string, c: LessonContext, progress: Progress = fresh): string | null {
  return currentLesson(LESSONS[game], c, progress)?.id ?? null;
}

describe("Aquaretto's lessons", () => {
  it("teach drawing, loading and taking in the order they first matter", () => {
    // At the start an expansion is legal too: drawing is taught first all the same.
    const start = context("aquaretto", ["draw", "expand small 0,-2 1,-2 1,-1"]);
    expect(shown("aquaretto", start)).toBe("draw");
    expect(lessonAction(currentLesson(LESSONS.aquaretto, start, fresh), start.view.legal)).toBe("draw");
    const drawn = context("aquaretto", ["load A", "load B"], [entry(0, "draw")]);
    expect(shown("aquaretto", drawn)).toBe("load");
    expect(lessonAction(currentLesson(LESSONS.aquaretto, drawn, fresh), drawn.view.legal)).toBe("load A");
    const mine = [entry(0, "draw"), entry(0, "load A"), entry(1, "draw"), entry(1, "load A")];
    const second = context("aquaretto", ["draw", "expand small 0,-2 1,-2 1,-1", "take A"], mine);
    expect(shown("aquaretto", second)).toBe("take");
    // The bot's actions teach the learner nothing: the learner's own are what count.
    expect(shown("aquaretto", context("aquaretto", ["load A"], [entry(1, "draw")]))).toBe("load");
  });

  it("teach basins, then offspring, while the taken tiles are placed", () => {
    const log = ["draw", "load A", "take A"].map((a) => entry(0, a));
    expect(shown("aquaretto", context("aquaretto", ["place dolphin/m 1,0", "place dolphin/m depot"], log))).toBe("basins");
    const placed = [...log, entry(0, "place dolphin/m 1,0"), entry(0, "place dolphin/f 2,0")];
    const c = context("aquaretto", ["offspring 3,0", "offspring depot"], placed);
    expect(shown("aquaretto", c)).toBe("offspring");
    expect(lessonAction(currentLesson(LESSONS.aquaretto, c, fresh), c.view.legal)).toBe("offspring 3,0");
  });

  it("keep a lesson without an action until Got it, then go on", () => {
    const log = ["draw", "load A", "take A", "place dolphin/m 1,0", "offspring 3,0"].map((a) => entry(0, a));
    const trucks = [{ name: "A", tiles: ["coin"], free: 2, blocked: 0, taken_by: null }];
    const coin = context("aquaretto", ["draw", "take A"], log, { trucks });
    expect(shown("aquaretto", coin)).toBe("coins");
    expect(lessonAction(currentLesson(LESSONS.aquaretto, coin, fresh), coin.view.legal)).toBeNull();
    // The coin was taken meanwhile: the lesson still waits for "Got it"…
    const later = context("aquaretto", [], log);
    expect(shown("aquaretto", later, { ...fresh, shown: "coins" })).toBe("coins");
    // … and without a lesson due the panel has nothing to say.
    expect(shown("aquaretto", later, { ...fresh, done: ["coins"], shown: "coins" })).toBeNull();
    // A money action is legal on the learner's turn: it is explained next.
    const money = context("aquaretto", ["draw", "move 2,0"], log);
    expect(shown("aquaretto", money, { ...fresh, done: ["coins"] })).toBe("money");
    // Before the learner's first take it waits: loading and taking come first.
    expect(shown("aquaretto", context("aquaretto", ["draw", "move 2,0"], log.slice(0, 2)), { ...fresh, done: ["draw"] })).toBeNull();
  });

  it("explain the scoring once the game is over, and then all is done", () => {
    const over = context("aquaretto", [], [], {}, true);
    const skipped = LESSONS.aquaretto.map((l) => l.id).filter((id) => id !== "scoring");
    expect(shown("aquaretto", over, { ...fresh, done: skipped })).toBe("scoring");
    expect(allDone(LESSONS.aquaretto, over, { ...fresh, done: skipped })).toBe(false);
    expect(allDone(LESSONS.aquaretto, over, { ...fresh, done: [...skipped, "scoring"] })).toBe(true);
  });
});

describe("the other games' lessons", () => {
  it("Zooloretto: an offspring is taught when the supply has lost one", () => {
    const log = ["draw", "load A", "take A", "place camel/m e4"].map((a) => entry(0, a));
    expect(shown("zooloretto", context("zooloretto", [], log, { offspring_left: { camel: 2, zebra: 2 } }))).toBeNull();
    expect(shown("zooloretto", context("zooloretto", [], log, { offspring_left: { camel: 1, zebra: 2 } }))).toBe("offspring");
  });

  it("the combined game draws from either pile", () => {
    const c = context("aquaretto-zooloretto", ["draw aquaretto", "draw zooloretto"]);
    expect(shown("aquaretto-zooloretto", c)).toBe("draw");
    expect(lessonAction(currentLesson(LESSONS["aquaretto-zooloretto"], c, fresh), c.view.legal)).toBe("draw aquaretto");
    // Loaded, and no truck may be taken yet: the rule of the two games is explained.
    const loaded = [entry(0, "draw aquaretto"), entry(0, "load A")];
    expect(shown("aquaretto-zooloretto", context("aquaretto-zooloretto", ["draw aquaretto", "draw zooloretto", "expand small 0,-2 1,-2 1,-1"], loaded))).toBe(
      "both",
    );
    expect(shown("aquaretto-zooloretto", context("aquaretto-zooloretto", ["draw aquaretto", "take A"], loaded))).toBe("take");
  });

  it("Aquarium Designer: a card, then areas, then the preview, then passing", () => {
    const preview = { card: 20, text: "A* A / S* S", sections: [] };
    const start = context("aquarium-designer", ["pass", "draw 3 0,-1 r0"], [], { preview });
    expect(shown("aquarium-designer", start)).toBe("card");
    expect(lessonAction(currentLesson(LESSONS["aquarium-designer"], start, fresh), start.view.legal)).toBe("draw 3 0,-1 r0");
    const placed = context("aquarium-designer", [], [entry(0, "draw 3 0,-1 r0")], { preview });
    expect(shown("aquarium-designer", placed)).toBe("areas");
    expect(shown("aquarium-designer", placed, { ...fresh, done: ["areas"] })).toBe("preview");
    const next = context("aquarium-designer", ["pass", "draw 4 1,0 r0"], [entry(0, "draw 3 0,-1 r0")], { preview: null });
    expect(shown("aquarium-designer", next, { ...fresh, done: ["areas"] })).toBe("pass");
  });

  it("every game has lessons with ids of their own and a text", () => {
    expect(Object.keys(LESSONS).sort()).toEqual(["aquaretto", "aquaretto-zooloretto", "aquarium-designer", "zooloretto"]);
    for (const lessons of Object.values(LESSONS)) {
      expect(new Set(lessons.map((l) => l.id)).size).toBe(lessons.length);
      for (const l of lessons) expect(l.text()).toMatch(/\w{3}/);
    }
  });
});

describe("the goal and the end", () => {
  it("are said by every tutorial: its first lesson states the goal", () => {
    for (const [game, lessons] of Object.entries(LESSONS)) {
      expect(lessons[0].goal?.(), game).toMatch(/\S{3,}/);
      expect(lessons.slice(1).every((l) => !l.goal)).toBe(true);
    }
  });

  it("tell when the game ends once a second round has begun", () => {
    for (const game of ["aquaretto", "zooloretto", "aquaretto-zooloretto"]) {
      const done: Progress = { ...fresh, done: LESSONS[game].map((l) => l.id).filter((id) => id !== "end") };
      const round1 = [entry(0, "draw"), entry(1, "draw")];
      expect(shown(game, context(game, ["draw"], round1), done), game).toBe(null);
      const round2 = [...round1, { ...entry(1, "draw", 2), round: 2 }];
      expect(shown(game, context(game, ["draw"], round2), done), game).toBe("end");
    }
  });
});
