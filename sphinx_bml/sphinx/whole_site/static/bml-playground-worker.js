/* sphinx-bml: the playground's engine, in a Web Worker (a module worker).
 *
 * Loads Pyodide from the site's own files (./pyodide/), unpacks the engine
 * (./sphinx_bml.zip: the package's pure modules) and reads each text the page
 * sends with sphinx_bml.formats.playground. It runs off the page's thread:
 * a long run never freezes the page, and the page stops one by ending this
 * worker. Nothing is fetched from any other site.
 *
 * Messages: the page sends {id, text, settings} (settings in JSON); the
 * worker answers {ready: true} once, then {id, result} (JSON) or {id, error}
 * for each text; {failed} if Pyodide cannot start.
 */
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = new URL(".", import.meta.url);

const GLUE = `
import json
import sys
from functools import partial

sys.path.insert(0, "/bml")
from sphinx_bml.formats.playground import shown_as_json


def run(text, settings):
    quotes = json.loads(settings).get("smart_quotes")
    educate = None
    if quotes:
        from docutils_smartquotes import educate_tokens

        educate = partial(educate_tokens, attr=quotes[0], language=quotes[1])
    return shown_as_json(text, settings, educate)


run
`;

const start = async () => {
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", here).href });
  const engine = await fetch(new URL("sphinx_bml.zip", here));
  if (!engine.ok) throw new Error(`the engine's file was not found (${engine.status})`);
  pyodide.unpackArchive(await engine.arrayBuffer(), "zip", { extractDir: "/bml" });
  return pyodide.runPython(GLUE);
};

const ready = start();
ready.then(
  () => postMessage({ ready: true }),
  (error) => postMessage({ failed: String(error && error.message ? error.message : error) }),
);

onmessage = async (event) => {
  const { id, text, settings } = event.data;
  let run;
  try {
    run = await ready;
  } catch {
    return; // said once, as {failed}
  }
  try {
    postMessage({ id, result: run(text, settings) });
  } catch (error) {
    postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};
