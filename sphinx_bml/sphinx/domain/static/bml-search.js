/* sphinx-bml: a bidding sequence typed into the search box ranks its own row first.
 *
 * Sphinx's search splits "1NT-2C" into the words "1nt" and "2c" and finds
 * every sequence whose name holds them. This scorer (loaded on the search
 * page only, after searchtools.js) reads the query as a sequence in any
 * notation (1NT-2C, 1N 2C, 1♣-1♦, 1c-1d, 1NT-(2♣)-X) and puts the sequence
 * of that name first.
 */
(() => {
  "use strict";
  /* "1N 2C" and "1NT–2♣" both give "1N-2C"; null when the text is not a sequence (see bml-calls.js). */
  const sequenceOf = (text) => {
    const calls = window.bmlCalls.callsOf(text);
    return calls && calls.join("-");
  };

  const wanted = sequenceOf(new URLSearchParams(window.location.search).get("q"));
  if (wanted === null || typeof Scorer === "undefined") return;

  /* A sequence object's name starts with its calls ("1NT-2C", "wj:1NT-2C #SEAT 34", "1NT-2C · Stayman"). */
  const named = (result) => {
    const name = String(result[1]).replace(/^[\w.-]+:/, "").split(/ [#·] | #/)[0];
    return sequenceOf(name.replace(/ .*$/, ""));
  };
  const previous = Scorer.score;
  Scorer.score = (result) => {
    const score = previous ? previous(result) : result[4];
    const isSequence = typeof result[3] === "string" && result[3].includes("bidding sequence");
    return isSequence && named(result) === wanted ? score + 1000 : score;
  };
})();
