/* sphinx-bml: reading a bidding sequence typed in any notation, shared by
 * bml-search.js and bml-sequences.js (loaded before them on their pages).
 *
 * "1N 2C", "1NT–2♣", "1nt-2c" and "1NT-(2♣)-X" all give ["1N", "2C", ...];
 * null when the text is not calls.
 */
(() => {
  "use strict";
  const SUITS = { "♣": "C", "♦": "D", "♥": "H", "♠": "S", "!C": "C", "!D": "D", "!H": "H", "!S": "S" };
  const CALLS = { P: "P", PASS: "P", X: "D", D: "D", DBL: "D", XX: "R", R: "R", RDBL: "R" };

  const callsOf = (text) => {
    if (!text) return null;
    let spelled = text.toUpperCase().replace(/[()]/g, " ");
    for (const [glyph, letter] of Object.entries(SUITS)) spelled = spelled.split(glyph).join(letter);
    const words = spelled.split(/[\s\-–—,]+/).filter((word) => word);
    if (!words.length) return null;
    const calls = [];
    for (const word of words) {
      const bid = word.match(/^([1-7])(NT|N|C|D|H|S)$/);
      if (bid) calls.push(bid[1] + bid[2][0]);
      else if (CALLS[word]) calls.push(CALLS[word]);
      else return null;
    }
    return calls;
  };

  window.bmlCalls = { callsOf };
})();
