/* sphinx-bml: the "Bidding sequences" page, narrowed as you type, suits in colour.
 *
 * A filter box above the list keeps the sequences that start with the calls
 * typed (1N 2C, 1NT-2♣, 1c-1d) or whose sequence and meaning hold every word
 * typed (Stayman, transfer hearts: suit words and symbols are the same); an
 * opening whose sequences are all filtered out loses its heading and the
 * blank row above it too. Suit symbols get the colours of the
 * rest of the site. Without JavaScript the page is the plain list.
 */
(() => {
  "use strict";
  const SUIT_CLASSES = { "♣": "bml-clubs", "♦": "bml-diamonds", "♥": "bml-hearts", "♠": "bml-spades" };

  const callsOf = (text) => window.bmlCalls.callsOf(text);  // bml-calls.js

  const colourSuits = (element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const texts = [];
    while (walker.nextNode()) if (/[♣♦♥♠]/.test(walker.currentNode.nodeValue)) texts.push(walker.currentNode);
    for (const text of texts) {
      const pieces = text.nodeValue.split(/([♣♦♥♠])/);
      const fragment = document.createDocumentFragment();
      for (const piece of pieces) {
        if (SUIT_CLASSES[piece]) {
          const suit = document.createElement("span");
          suit.className = `bml-suit ${SUIT_CLASSES[piece]}`;
          suit.textContent = piece;
          fragment.appendChild(suit);
        } else if (piece) fragment.appendChild(document.createTextNode(piece));
      }
      text.parentNode.replaceChild(fragment, text);
    }
  };

  const start = () => {
    const table = document.querySelector("table.indextable");
    if (!table) return;
    table.classList.add("bml-sequence-index");
    const rows = [];
    let heading = null;
    let spacer = null;  // the blank row Sphinx puts before each heading
    for (const row of table.querySelectorAll("tr")) {
      if (row.classList.contains("pcap")) {
        spacer = row;
        continue;
      }
      if (row.classList.contains("cap")) {
        heading = { row, spacer, entries: [] };
        spacer = null;
        continue;
      }
      const link = row.querySelector("a code, a");
      if (!link || !heading) continue;
      const sequence = link.textContent.trim();
      const meaning = row.cells[row.cells.length - 1].textContent.toLowerCase();
      const entry = { row, calls: callsOf(sequence) || [], text: row.textContent.toLowerCase(), meaning, heading };
      heading.entries.push(entry);
      rows.push(entry);
    }
    colourSuits(table);

    const box = document.createElement("input");
    box.type = "search";
    box.className = "bml-filter";
    box.placeholder = "Filter: 1N 2C, or words of the meaning";
    box.setAttribute("aria-label", "Filter the bidding sequences");
    const count = document.createElement("span");
    count.className = "bml-filter-count";
    count.setAttribute("aria-live", "polite");
    const bar = document.createElement("div");
    bar.className = "bml-filter-bar";
    bar.append(box, count);
    table.parentNode.insertBefore(bar, table);

    const keeps = (entry, query) => {
      const calls = callsOf(query);
      if (calls) return calls.every((call, index) => entry.calls[index] === call);
      const words = query.split(/\s+/).filter((word) => word);
      return words.every((word) => {
        const same = window.bmlCalls.suitWords(word);
        if (same.length === 1) return entry.text.includes(same[0]);
        return same.some((spelling) => entry.meaning.includes(spelling));  // a suit: in the meaning, not the calls
      });
    };
    const filter = () => {
      const query = box.value.trim();
      let shown = 0;
      for (const entry of rows) {
        const kept = !query || keeps(entry, query);
        entry.row.hidden = !kept;
        if (kept) shown += 1;
      }
      const headings = new Set(rows.map((entry) => entry.heading));
      for (const group of headings) {
        group.row.hidden = group.entries.every((entry) => entry.row.hidden);
        if (group.spacer) group.spacer.hidden = group.row.hidden;
      }
      count.textContent = query ? `${shown} of ${rows.length} sequences` : "";
    };
    box.addEventListener("input", filter);
    const wanted = new URLSearchParams(window.location.search).get("filter");
    if (wanted) {
      box.value = wanted;
      filter();
    }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
