// "Learn to play": each game's lessons, in the order the rules come up in the
// tutorial's fixed deal (server/tutorials.py). A lesson is shown when its trigger first
// holds on the learner's snapshot and log; one that asks for an action ("do this") ends
// when the learner plays such an action, the others when the learner says "Got it".
import type { GameView, LogEntry } from "../api/types";
import { t } from "../i18n";

/** What a lesson's trigger reads: the learner's view, the move log, the learner's seat. */
export interface LessonContext {
  view: GameView;
  log: LogEntry[];
  you: number;
  over: boolean;
}

export interface Lesson {
  /** Stable name: the page's `data-lesson`, and what the browser remembers as done. */
  id: string;
  /** The lesson in the reader's language (a literal catalogue id each: see catalogues.test.ts). */
  text: () => string;
  /** The moment the rule first matters. */
  when: (c: LessonContext) => boolean;
  /** The kind of action it asks for (a notation's first word); absent: read and "Got it". */
  does?: string;
  /** Said above the lesson's text: the game's goal, in each tutorial's first lesson. */
  goal?: () => string;
}

/** The legal actions of the kind `does` ("draw" is "draw", "draw aquaretto", "draw 3 0,-1 r0"). */
function ofKind(actions: string[], does: string): string[] {
  return actions.filter((a) => a === does || a.startsWith(`${does} `));
}

/** The action a lesson asks for now, to highlight: the first legal one of its kind. */
export function lessonAction(lesson: Lesson | null, legal: string[]): string | null {
  return lesson?.does ? (ofKind(legal, lesson.does)[0] ?? null) : null;
}

/** Whether the learner has played an action of kind `does`. */
function played(c: LessonContext, does: string): boolean {
  return c.log.some((e) => e.seat === c.you && ofKind([e.action], does).length > 0);
}

const may = (does: string) => (c: LessonContext) => ofKind(c.view.legal, does).length > 0;
const over = (c: LessonContext) => c.over;

/** A coin tile lies on a truck (its name ends so in every game: "coin", "zooloretto-coin"). */
const coinOnTruck = (c: LessonContext) => "trucks" in c.view && c.view.trucks.some((truck) => truck.tiles.some((x) => x.endsWith("coin")));

/** A money action is legal (Aquaretto's expansion, Zooloretto's moves, …), once the learner
 * has taken a truck: before, loading and taking come first (an expansion is legal at once). */
const money = (c: LessonContext) => played(c, "take") && ["move", "buy", "exchange", "discard", "expand"].some((m) => may(m)(c));

/** The combined game refuses every take until both games have a loaded truck (C-R1). */
const bothGames = (c: LessonContext) => played(c, "load") && c.view.legal.length > 0 && !may("take")(c);

/** A Zooloretto pair has bred: an offspring (2 per species) has left the supply. */
const bred = (c: LessonContext) => "offspring_left" in c.view && Object.values(c.view.offspring_left).some((n) => n < 2);

const draw: Lesson = { id: "draw", text: () => t("tutorial.draw"), when: may("draw"), does: "draw" };
const load: Lesson = { id: "load", text: () => t("tutorial.load"), when: may("load"), does: "load" };
const take: Lesson = { id: "take", text: () => t("tutorial.take"), when: may("take"), does: "take" };
const coins: Lesson = { id: "coins", text: () => t("tutorial.coins"), when: coinOnTruck };
/** A new round has begun: the learner has seen a whole round, and the game's end can be told. */
const secondRound = (c: LessonContext) => c.log.some((e) => (e.round ?? 0) >= 2);
const end: Lesson = { id: "end", text: () => t("tutorial.end"), when: secondRound };
const coworker: Lesson = { id: "coworker", text: () => t("tutorial.coworker"), when: may("worker"), does: "worker" };

/** Each catalog game's lessons, in order: where two triggers hold, the earlier is shown. */
export const LESSONS: Record<string, Lesson[]> = {
  aquaretto: [
    { ...draw, goal: () => t("tutorial.aquaretto.goal") },
    load,
    take,
    { id: "basins", text: () => t("tutorial.aquaretto.basins"), when: may("place"), does: "place" },
    { id: "offspring", text: () => t("tutorial.aquaretto.offspring"), when: may("offspring"), does: "offspring" },
    coins,
    coworker,
    { id: "money", text: () => t("tutorial.aquaretto.money"), when: money },
    end,
    { id: "scoring", text: () => t("tutorial.aquaretto.scoring"), when: over },
  ],
  zooloretto: [
    { ...draw, goal: () => t("tutorial.zooloretto.goal") },
    load,
    take,
    { id: "enclosures", text: () => t("tutorial.zooloretto.enclosures"), when: may("place"), does: "place" },
    { id: "offspring", text: () => t("tutorial.zooloretto.offspring"), when: bred },
    coins,
    { id: "money", text: () => t("tutorial.zooloretto.money"), when: money },
    end,
    { id: "scoring", text: () => t("tutorial.zooloretto.scoring"), when: over },
  ],
  "aquaretto-zooloretto": [
    { ...draw, text: () => t("tutorial.combined.draw"), goal: () => t("tutorial.combined.goal") },
    { ...load, text: () => t("tutorial.combined.load") },
    { id: "both", text: () => t("tutorial.combined.both"), when: bothGames },
    take,
    { id: "place", text: () => t("tutorial.combined.place"), when: may("place"), does: "place" },
    { id: "offspring", text: () => t("tutorial.combined.offspring"), when: (c) => may("offspring")(c) || bred(c) },
    coins,
    coworker,
    { id: "money", text: () => t("tutorial.combined.money"), when: money },
    end,
    { id: "scoring", text: () => t("tutorial.combined.scoring"), when: over },
  ],
  "aquarium-designer": [
    { id: "card", text: () => t("tutorial.designer.card"), when: may("draw"), does: "draw", goal: () => t("tutorial.designer.goal") },
    { id: "areas", text: () => t("tutorial.designer.areas"), when: (c) => played(c, "draw") },
    { id: "preview", text: () => t("tutorial.designer.preview"), when: (c) => "preview" in c.view && c.view.preview !== null },
    { id: "pass", text: () => t("tutorial.designer.pass"), when: (c) => played(c, "draw") && may("pass")(c) },
    { id: "scoring", text: () => t("tutorial.designer.scoring"), when: over },
  ],
};

/** What the browser remembers of a tutorial: lessons done, the one shown, whether it was left. */
export interface Progress {
  done: string[];
  shown: string | null;
  left: boolean;
}

/**
 * The lesson to show now: the one shown before if it waits for "Got it", else the first
 * lesson not done whose trigger holds; null between lessons.
 */
export function currentLesson(lessons: Lesson[], c: LessonContext, progress: Progress): Lesson | null {
  const open = lessons.filter((l) => !isDone(l, c, progress));
  const waiting = open.find((l) => l.id === progress.shown && !l.does);
  return waiting ?? open.find((l) => l.when(c)) ?? null;
}

/** Whether lesson `l` is done: "Got it" (or "Skip") was pressed, or the learner played what it asks. */
export function isDone(l: Lesson, c: LessonContext, progress: Progress): boolean {
  return progress.done.includes(l.id) || (!!l.does && played(c, l.does));
}

/** Whether every lesson is done. */
export function allDone(lessons: Lesson[], c: LessonContext, progress: Progress): boolean {
  return lessons.every((l) => isDone(l, c, progress));
}

const key = (id: string) => `zoogames:tutorial:${id}`;

/** Mark game `id` as a tutorial (the page that creates it). */
export function startTutorial(id: string): void {
  saveProgress(id, { done: [], shown: null, left: false });
}

/** The progress of game `id`'s tutorial; null if the game is no tutorial in this browser. */
export function loadProgress(id: string): Progress | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key(id)) ?? "null") as Partial<Progress> | null;
    if (!stored || typeof stored !== "object") return null;
    return { done: Array.isArray(stored.done) ? stored.done : [], shown: stored.shown ?? null, left: !!stored.left };
  } catch {
    return null; // unreadable: the game goes on without its lessons
  }
}

export function saveProgress(id: string, progress: Progress): void {
  localStorage.setItem(key(id), JSON.stringify(progress));
}
