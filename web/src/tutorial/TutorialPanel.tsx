// The lesson panel of a "Learn to play" game, right above the board: the lesson
// the position calls for, with "Got it" (or "Skip"), and "Leave the tutorial", after which
// the game goes on as a normal game without the panel.
import { useEffect, useState } from "preact/hooks";
import type { LogEntry, Snapshot } from "../api/types";
import { useT } from "../i18n/hooks";
import { LESSONS, allDone, currentLesson, isDone, lessonAction, loadProgress, saveProgress, type Lesson, type LessonContext, type Progress } from "./lessons";

/** Game `id`'s tutorial: `active` is null where the game is no tutorial in this browser, or was left. */
export function useTutorial(id: string, snapshot: Snapshot | null, log: LogEntry[]) {
  const [progress, setProgress] = useState<Progress | null>(() => loadProgress(id));
  const lessons = snapshot ? LESSONS[snapshot.game] : undefined;
  const you = snapshot?.you ?? null;
  const context: LessonContext | null = snapshot && you !== null ? { view: snapshot.view, log, you, over: snapshot.status === "over" } : null;
  const active = progress && !progress.left && lessons && context ? { lessons, context, progress } : null;
  const lesson = active ? currentLesson(active.lessons, active.context, active.progress) : null;
  const update = (next: Progress) => {
    saveProgress(id, next);
    setProgress(next);
  };
  useEffect(() => {
    if (!active) return;
    // Remembered, so that a reload keeps a lesson waiting for "Got it" on the page, and a
    // lesson done by playing stays done when the page holds only the log's end.
    const done = active.lessons.filter((l) => l.does && !active.progress.done.includes(l.id) && isDone(l, active.context, active.progress));
    const shown = lesson?.id ?? active.progress.shown;
    if (done.length || shown !== active.progress.shown) update({ ...active.progress, done: [...active.progress.done, ...done.map((l) => l.id)], shown });
  }, [lesson?.id, log.length]);
  return {
    active,
    lesson,
    /** The action the lesson asks for, to mark on the board. */
    action: active && lesson ? lessonAction(lesson, active.context.view.legal) : null,
    dismiss: (l: Lesson) => active && update({ ...active.progress, done: [...active.progress.done, l.id] }),
    leave: () => active && update({ ...active.progress, left: true }),
  };
}

/** What `useTutorial` gives the page. */
export type Tutorial = ReturnType<typeof useTutorial>;

export function TutorialPanel({ tutorial }: { tutorial: Tutorial }) {
  const { t } = useT();
  const { active, lesson } = tutorial;
  if (!active) return null;
  const finished = !lesson && allDone(active.lessons, active.context, active.progress);
  return (
    <section
      class="tutorial-panel"
      aria-labelledby="tutorial-title"
      aria-live="polite"
      data-lesson={lesson?.id ?? ""}
      data-lesson-action={tutorial.action ?? ""}
    >
      <h2 id="tutorial-title">{t("tutorial.title")}</h2>
      {lesson?.goal && (
        <p class="tutorial-goal" data-lesson-goal>
          {lesson.goal()}
        </p>
      )}
      <p class="tutorial-text" data-lesson-text>
        {lesson ? lesson.text() : finished ? t("tutorial.finished") : t("tutorial.play-on")}
      </p>
      {tutorial.action && <p class="tutorial-do">{t("tutorial.do-this")}</p>}
      <div class="tutorial-buttons">
        {lesson && (
          <button type="button" class={lesson.does ? "" : "primary"} data-action="lesson-done" onClick={() => tutorial.dismiss(lesson)}>
            {lesson.does ? t("tutorial.skip") : t("tutorial.got-it")}
          </button>
        )}
        <button type="button" data-action="leave-tutorial" onClick={tutorial.leave}>
          {t("tutorial.leave")}
        </button>
      </div>
    </section>
  );
}
