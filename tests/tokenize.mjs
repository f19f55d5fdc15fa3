// VS Code's tokenizer run on our grammar: vscode-textmate with the Oniguruma
// engine compiled to WebAssembly (vscode-oniguruma), as VS Code itself runs
// them, line by line with the state of the line before.
//
// Reads a JSON request on stdin:
//   {"grammar": "editors/vscode/syntaxes/bml.tmLanguage.json",
//    "modules": "<folder holding node_modules/vscode-textmate and vscode-oniguruma>",
//    "texts": ["...", ...], "timed": false, "runs": 1}
// and prints {"versions": {...}, "texts": [...]}: for each text, each of its
// lines (split at "\n") as a list of [start, end, scope], the innermost scope of
// each token, "" for the grammar's own; offsets count characters as Python does
// (code points, not UTF-16 units). With "timed", each text is
// {"lines": [...], "ms": CPU milliseconds per tokenization, the fastest of "runs"}.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const request = JSON.parse(readFileSync(0, "utf8"));
const require = createRequire(join(request.modules, "package.json"));
const textmate = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const wasm = readFileSync(join(request.modules, "vscode-oniguruma", "release", "onig.wasm"));
await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
const grammarText = readFileSync(request.grammar, "utf8");
const grammarScope = JSON.parse(grammarText).scopeName;
const registry = new textmate.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
    createOnigString: (text) => new oniguruma.OnigString(text),
  }),
  loadGrammar: async (scope) => (scope === grammarScope ? textmate.parseRawGrammar(grammarText, request.grammar) : null),
});
const grammar = await registry.loadGrammar(grammarScope);

// Offsets in a JavaScript string count UTF-16 units: a character outside the
// Basic Multilingual Plane takes two. Python counts it once.
function codePoints(line) {
  if (!/[\uD800-\uDFFF]/.test(line)) return null;
  const at = new Array(line.length + 1);
  let point = 0;
  for (let unit = 0; unit < line.length; unit++) {
    at[unit] = point;
    const code = line.charCodeAt(unit);
    if (!(code >= 0xd800 && code <= 0xdbff && unit + 1 < line.length)) point++;
  }
  at[line.length] = point;
  return at;
}

function tokenize(text) {
  const lines = text.replace(/\n$/, "").split("\n");
  let state = textmate.INITIAL;
  return lines.map((line) => {
    const result = grammar.tokenizeLine(line, state);
    state = result.ruleStack;
    const at = codePoints(line);
    const point = (unit) => (at === null ? Math.min(unit, line.length) : at[Math.min(unit, line.length)]);
    return result.tokens.map((token) => {
      const scope = token.scopes[token.scopes.length - 1];
      return [point(token.startIndex), point(token.endIndex), scope === grammarScope ? "" : scope];
    });
  });
}

// The fastest of "runs" runs, each tokenizing the text again and again for a
// tenth of a second at least: CPU milliseconds per tokenization (the machine
// may be busy with other work). The text is tokenized for a fifth of a second
// before, untimed: V8 compiles the engine's WebAssembly and the tokenizer's
// code for speed only once they have run a while.
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function timed(text) {
  let fastest = Infinity;
  let lines = null;
  const warming = cpu();
  do lines = tokenize(text);
  while (cpu() - warming < 200);
  for (let run = 0; run < (request.runs ?? 1); run++) {
    const started = cpu();
    let count = 0;
    do {
      lines = tokenize(text);
      count++;
    } while (cpu() - started < 100);
    fastest = Math.min(fastest, (cpu() - started) / count);
  }
  return { lines, ms: fastest };
}

const version = (module) => JSON.parse(readFileSync(join(request.modules, module, "package.json"), "utf8")).version;
const versions = {
  node: process.versions.node,
  "vscode-textmate": version("vscode-textmate"),
  "vscode-oniguruma": version("vscode-oniguruma"),
};
const texts = request.texts.map((text) => (request.timed ? timed(text) : tokenize(text)));
process.stdout.write(JSON.stringify({ versions, texts }));
