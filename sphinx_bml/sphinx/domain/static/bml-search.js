/* sphinx-bml: Sphinx's search as a bridge player expects it.
 *
 * Loaded on the search page only, after searchtools.js, it adjusts the
 * score of the bidding sequences Sphinx found:
 *
 * - a query that is a sequence in any notation (1NT-2C, 1N 2C, 1nt 2c,
 *   1NT–2♣, 1NT-(2♣)-X) puts the sequence of exactly that name first:
 *   1NT-2C before (1NT)-2C and 1NT-(2C);
 * - a query of words (Stayman, transfer hearts) puts first the sequences
 *   whose meaning starts with the first and holds the others, the shortest
 *   first: the row that defines a convention before the rows that mention it;
 * - suit words find suit symbols: "transfer hearts" finds "Transfer to ♥";
 * - the text of a result (its snippet) keeps the spaces the page shows
 *   between a call and its meaning, a table's title and its rows.
 */
(() => {
  "use strict";
  /* "1N 2C" and "1NT–2♣" both give "1N-2C"; null when the text is not a sequence (see bml-calls.js). */
  const sequenceOf = (text) => {
    const calls = window.bmlCalls.callsOf(text);
    return calls && calls.join("-");
  };

  if (typeof Search !== "undefined") {
    /* A space where the page shows one: between a call and its meaning, after a cell, an item, a caption. */
    const spaced = (html) =>
      html.replace(/<(\/(?:li|p|td|th|dt|dd|h[1-6]|caption|div|summary)>|br\s*\/?>|span class="bml-meaning)/g, " <$1");
    const toText = Search.htmlToText;
    if (toText) Search.htmlToText = (html, ...rest) => toText(spaced(html), ...rest);

    /* A suit's name typed finds its symbol in the sequences' names (their meanings say ♥, not hearts),
     * and a call typed finds it as the pages write it ("2c" finds 2♣, "x" Dbl, "1n" 1NT). */
    const symbolOf = (word) => {
      const call = window.bmlCalls.labelOf(word);
      if (call) return call.toLowerCase();
      const same = window.bmlCalls.suitWords(word);
      return same.length > 1 && word.length > 1 ? same[1] : word;
    };
    const findObjects = Search.performObjectSearch;
    if (findObjects) {
      Search.performObjectSearch = (object, objectTerms) => {
        const found = findObjects(object, objectTerms);
        const terms = [...objectTerms].map(symbolOf);
        if (terms.every((term, index) => term === [...objectTerms][index])) return found;
        const seen = new Set(found.map((result) => result[1]));
        const more = findObjects(symbolOf(object), new Set(terms)).filter((result) => !seen.has(result[1]));
        return [...found, ...more];
      };
    }
  }

  const query = new URLSearchParams(window.location.search).get("q") || "";
  const wanted = sequenceOf(query);
  const words = query.toLowerCase().split(/\s+/).filter((word) => word);
  if ((wanted === null && !words.length) || typeof Scorer === "undefined") return;

  /* A sequence object's name: its calls as the pages write them, then its meaning
   * ("1NT–2♣ · Stayman", "wj: 1NT–2♣ [3rd or 4th seat] · ..."). */
  const parts = (result) => {
    const name = String(result[1]).replace(/^[\w.-]+: /, "");
    const [sequence, ...meaning] = name.split(" · ");
    return { calls: sequence.split(" [")[0], meaning: meaning.join(" · ").toLowerCase() };
  };
  /* The meaning starts with the first word typed and holds the others (a suit's name or its symbol). */
  const startsWithWords = (meaning) => {
    const said = meaning.split(/[\s:;,.()]+/).filter((word) => word);
    const spellings = words.map((word) => window.bmlCalls.suitWords(word));
    return spellings[0].includes(said[0]) && spellings.every((same) => same.some((word) => said.includes(word)));
  };
  const previous = Scorer.score;
  Scorer.score = (result) => {
    const score = previous ? previous(result) : result[4];
    const isSequence = typeof result[3] === "string" && result[3].includes("bidding sequence");
    if (!isSequence) return score;
    const { calls, meaning } = parts(result);
    if (wanted !== null) return sequenceOf(calls) === wanted ? score + 1000 : score;
    const length = (window.bmlCalls.callsOf(calls) || []).length;
    return startsWithWords(meaning) ? score + 500 - length : score;
  };
})();
