/* sphinx-bml: a practice page (.. bml-practice::) at two screens, one for each partner.
 *
 * Opened with a seat in the link (practice.html?seat=N&board=3&seed=2024), the
 * page shows one board at a time as that player sees it: the board's head,
 * their own hand and who calls first, the auction until their side's first
 * call, and a button that shows the notes' auction and the four hands at the
 * end of the board; then links to the boards before and after, and partner's
 * link. The parts are <template>s written when the site was built
 * (practice_screens.py): they are copied in, never written as HTML here, so
 * the notes' text stays as the build escaped it; what this script writes
 * itself (a problem with the link, which may quote it) is text. The quiz,
 * which shows the page's own seat's hand, is taken out of the page. A seat
 * that is not the side's, a board out of range, a seed that is not a number
 * or not the page's: the page says so and shows the first board. Without a
 * seat in the link the page is the quiz, with the two links to the screens.
 *
 * Loaded in the page's head, not deferred: with a seat in the link, the quiz
 * is hidden (bml.css, html.bml-screens-on) before the page is first drawn.
 */
(() => {
  "use strict";
  const NAMES = { N: "North", E: "East", S: "South", W: "West" };
  const params = new URLSearchParams(window.location.search);
  if (params.has("seat")) document.documentElement.classList.add("bml-screens-on");

  // a reader's text quoted in a message, never longer than a line
  const quoted = (text) => `“${text.length > 24 ? `${text.slice(0, 24)}…` : text}”`;

  const seatOf = (written) => {
    const word = written.trim().toUpperCase();
    return Object.keys(NAMES).find((letter) => word === letter || word === NAMES[letter].toUpperCase()) || null;
  };

  const linkTo = (seat, board, seed) => `?${new URLSearchParams({ seat, board: String(board), seed })}`;

  const link = (href, text) => {
    const made = document.createElement("a");
    made.href = href;
    made.textContent = text;
    return made;
  };

  const copied = (block, part, board, seat) => {
    const selector = `template.bml-screens-${part}[data-board="${board}"]${seat ? `[data-seat="${seat}"]` : ""}`;
    const found = block.querySelector(selector);
    return found ? document.importNode(found.content, true) : document.createDocumentFragment();
  };

  // what the link asks, and what is wrong with it: [seat or null, board, messages]
  const asked = (seats, seed, count) => {
    const names = [...seats].map((letter) => NAMES[letter]).join(" and ");
    const messages = [];
    const seat = seatOf(params.get("seat"));
    const chosen = seat && seats.includes(seat) ? seat : null;
    if (!chosen) {
      messages.push(
        `This page is practised by ${names}, each at their own screen: the link’s seat ` +
          `${quoted(params.get("seat"))} is neither. Choose yours below.`,
      );
    }
    let board = 1;
    const written = params.get("board");
    if (written !== null) {
      const number = /^\d{1,4}$/.test(written.trim()) ? Number(written.trim()) : 0;
      if (number >= 1 && number <= count) board = number;
      else messages.push(`There is no board ${quoted(written)} here: the boards are 1 to ${count}.`);
    }
    const seedWritten = params.get("seed");
    if (seedWritten !== null) {
      let problem = "";
      if (!/^\d+$/.test(seedWritten.trim())) problem = `The link’s seed ${quoted(seedWritten)} is not a number`;
      else if (Number(seedWritten.trim()) !== Number(seed)) {
        problem = `The link was made for the boards of seed ${quoted(seedWritten)}, not these`;
      }
      if (problem) {
        board = 1;
        messages.push(
          `${problem}: these boards are dealt from seed ${seed}. ` +
            "Open the links on this page again, partner too, so that you both have the same boards.",
        );
      }
    }
    if (messages.length && board !== 1) board = 1;
    if (messages.length) messages.push("Board 1 is shown.");
    return { seat: chosen, board, messages };
  };

  const navigation = (seat, board, count, seed, seats) => {
    const nav = document.createElement("nav");
    nav.className = "bml-screens-nav";
    nav.setAttribute("aria-label", "Boards");
    const at = (number, text) => (seat ? link(linkTo(seat, number, seed), text) : null);
    const pieces = [
      board > 1 ? at(board - 1, `← Board ${board - 1}`) : null,
      Object.assign(document.createElement("span"), { textContent: `Board ${board} of ${count}` }),
      board < count ? at(board + 1, `Board ${board + 1} →`) : null,
    ];
    for (const piece of pieces) if (piece) nav.appendChild(piece);
    if (seat) {
      const partner = [...seats].find((letter) => letter !== seat);
      const send = document.createElement("span");
      send.append("Partner’s screen: ", link(linkTo(partner, board, seed), `open as ${NAMES[partner]}`));
      nav.appendChild(send);
    }
    return nav;
  };

  const show = (block) => {
    const links = block.querySelector("p.bml-screens-links");
    if (!links) return;
    if (!params.has("seat")) {
      links.hidden = false;  // the quiz, and the way to the screens
      return;
    }
    const { seats, seed } = links.dataset;
    const count = block.querySelectorAll("template.bml-screens-head").length;
    const practice = block.parentElement;
    for (const quiz of practice.querySelectorAll(":scope > div.bml-practice-board")) quiz.remove();
    const { seat, board, messages } = asked(seats, seed, count);
    const message = block.querySelector("p.bml-screens-message");
    message.textContent = messages.join(" ");
    message.hidden = messages.length === 0;
    links.hidden = seat !== null;
    const view = block.querySelector("div.bml-screens-view");
    view.replaceChildren(copied(block, "head", board));
    if (seat) view.appendChild(copied(block, "hand", board, seat));
    view.appendChild(copied(block, "table", board));
    const notes = document.createElement("div");
    notes.className = "bml-screens-shown";
    notes.tabIndex = -1;
    view.appendChild(notes);
    const button = view.querySelector("button.bml-screens-show");
    if (button) {
      button.addEventListener("click", () => {
        notes.replaceChildren(copied(block, "notes", board));
        button.hidden = true;
        notes.focus();
      });
    }
    view.appendChild(navigation(seat, board, count, seed, seats));
    view.dataset.board = String(board);
    if (seat) view.dataset.seat = seat;
    view.hidden = false;
  };

  const start = () => {
    for (const block of document.querySelectorAll("div.bml-screens")) show(block);
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
