// The About page (route `/about`): what the pictures and the font are and under which
// licences they are shipped (the licence texts are served beside the client).
export function About() {
  return (
    <main class="about">
      <p>
        <a href="/">zoogames</a>
      </p>
      <h1>About these pictures</h1>
      <p>
        All emojis designed by <a href="https://openmoji.org/">OpenMoji</a> – the open-source emoji and icon project. License:{" "}
        <a href="https://creativecommons.org/licenses/by-sa/4.0/">CC BY-SA 4.0</a> (
        <a href="/licenses/openmoji-CC-BY-SA-4.0.txt" data-licence="openmoji">
          the licence text
        </a>
        ). The animals, vending stalls, coins and the coworker are OpenMoji 17.0 pictures, used unchanged.
      </p>
      <p>
        The font is Atkinson Hyperlegible by the Braille Institute of America, under the SIL Open Font License 1.1 (
        <a href="/licenses/atkinson-hyperlegible-OFL-1.1.txt" data-licence="font">
          the licence text
        </a>
        ).
      </p>
      <p>
        The boards, trucks, cards and marks are drawn by zoogames itself after the layout of the games&apos; components; no artwork of the published games is
        used. Aquaretto and Zooloretto are games by Michael Schacht; Aquarium Designer by Tetsuya Iida.
      </p>
    </main>
  );
}
