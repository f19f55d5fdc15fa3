/* sphinx-bml: reading a bidding sequence typed in any notation, shared by
 * bml-search.js and bml-sequences.js (loaded before them on their pages).
 *
 * "1N 2C", "1NT–2♣" and "1nt-2c" all give ["1N", "2C"]; the opponents' calls
 * keep their parentheses, so "(1NT)-2C" gives ["(1N)", "2C"] and is another
 * sequence than 1NT-2C. null when the text is not calls.
 *
 * bmlCalls.labelOf gives a call typed ("2c") as the pages and the search
 * results write it ("2♣").
 *
 * Suit words in a meaning: "hearts", "heart", "h" and "♥" are the same
 * (bmlCalls.suitWords gives the words and the symbol of a word typed).
 */
(() => {
  "use strict";
  const SUITS = { "♣": "C", "♦": "D", "♥": "H", "♠": "S", "!C": "C", "!D": "D", "!H": "H", "!S": "S" };
  const CALLS = { P: "P", PASS: "P", X: "D", D: "D", DBL: "D", XX: "R", R: "R", RDBL: "R" };
  /* Each suit's symbol and its name; the words typed for it: the symbol, the name, its plural, its letter. */
  const NAMES = { "♣": "club", "♦": "diamond", "♥": "heart", "♠": "spade" };
  const SAME_SUIT = {};
  for (const [symbol, name] of Object.entries(NAMES)) {
    for (const word of [symbol, name, `${name}s`, name[0]]) SAME_SUIT[word] = [symbol, name];
  }

  const callsOf = (text) => {
    if (!text) return null;
    let spelled = text.toUpperCase();
    for (const [glyph, letter] of Object.entries(SUITS)) spelled = spelled.split(glyph).join(letter);
    const words = spelled.replace(/([()])/g, " $1 ").split(/[\s\-–—,;]+/).filter((word) => word);
    const calls = [];
    let theirs = false;
    for (const word of words) {
      if (word === "(" || word === ")") {
        theirs = word === "(";
        continue;
      }
      const bid = word.match(/^([1-7])(NT|N|C|D|H|S)$/);
      const call = bid ? bid[1] + bid[2][0] : CALLS[word];
      if (!call) return null;
      calls.push(theirs ? `(${call})` : call);
    }
    return calls.length ? calls : null;
  };

  /* One call typed as the pages write it: "2c" is 2♣, "1n" 1NT, "x" Dbl, "xx" Rdbl; null for other words. */
  const LABELS = { C: "♣", D: "♦", H: "♥", S: "♠", N: "NT" };
  const labelOf = (word) => {
    const bid = word.toUpperCase().match(/^([1-7])(NT|N|C|D|H|S)$/);
    if (bid) return bid[1] + LABELS[bid[2][0]];
    return { X: "Dbl", XX: "Rdbl" }[word.toUpperCase()] || null;
  };

  /* What a word typed may be in a text: itself, and for a suit ("hearts", "heart", "h", "♥") its symbol and name. */
  const suitWords = (word) => [word.toLowerCase(), ...(SAME_SUIT[word.toLowerCase()] || [])];

  window.bmlCalls = { callsOf, labelOf, suitWords };
})();
