/* sphinx-bml: the playground (.. bml-playground::), BML read in the reader's browser.
 *
 * Around the text area the page holds, it builds: line numbers (a warned line
 * marked), the notes as the site draws them, the warnings (each a button
 * that selects its line), the .bss and BBOalert files to download, and a
 * Stop button. The engine runs in a Web Worker (bml-playground-worker.js):
 * the page never waits for it; Stop ends the worker and starts a new one.
 *
 * Nothing typed runs as script: the engine escapes what it draws, and its
 * HTML is rebuilt here element by element (DOMParser, then createElement),
 * keeping only the elements and attributes a table is drawn with; warnings
 * and file names are text.
 */
(() => {
  "use strict";
  const script = document.currentScript;
  const WORKER = new URL("bml-playground-worker.js", script.src);
  const PAUSE = 250; // ms after the last key before the notes are read again
  const TAGS = new Set([
    "div", "p", "ul", "ol", "li", "span", "sup", "a", "abbr", "em", "strong", "code", "br",
    "details", "summary", "table", "thead", "tbody", "tr", "th", "td", "dl", "dt", "dd",
  ]);
  const ATTRIBUTES = new Set(["class", "id", "role", "aria-label", "aria-hidden", "title", "href", "open", "scope"]);

  const element = (tag, className, text) => {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  };

  /* The engine's HTML as new elements of this page: only known tags and attributes, links within the page. */
  const rebuilt = (html) => {
    const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
    const copy = (node) => {
      if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.nodeValue);
      if (node.nodeType !== Node.ELEMENT_NODE) return null;
      const tag = node.localName;
      if (!TAGS.has(tag)) return document.createTextNode(node.textContent);
      const made = document.createElement(tag);
      for (const { name, value } of Array.from(node.attributes)) {
        if (!ATTRIBUTES.has(name)) continue;
        if (name === "href" && !value.startsWith("#")) continue;
        made.setAttribute(name, value);
      }
      for (const child of Array.from(node.childNodes)) {
        const inner = copy(child);
        if (inner) made.appendChild(inner);
      }
      return made;
    };
    const fragment = document.createDocumentFragment();
    for (const child of Array.from(parsed.body.childNodes)) {
      const made = copy(child);
      if (made) fragment.appendChild(made);
    }
    return fragment;
  };

  const lastLine = (text) => String(text).trim().split("\n").pop();

  const setUp = (root) => {
    const settingsText = root.dataset.settings;
    const settings = JSON.parse(settingsText);
    const notes = root.querySelector("textarea.bml-playground-notes");

    const bar = element("div", "bml-playground-bar");
    const status = element("span", "bml-playground-status", "Loading Python in your browser (about 13 MB the first time)…");
    status.setAttribute("role", "status");
    const stop = element("button", "bml-playground-stop", "Stop");
    stop.type = "button";
    stop.disabled = true;
    const files = element("span", "bml-playground-files");
    const bss = element("a", "bml-playground-bss", settings.bss_filename);
    const bboalert = element("a", "bml-playground-bboalert", settings.bboalert_filename);
    bss.download = settings.bss_filename;
    bboalert.download = settings.bboalert_filename;
    bss.title = "Full Disclosure file for Bridge Base Online";
    bboalert.title = "BBOalert file";
    files.append("Download: ", bss, ", ", bboalert);
    files.hidden = true;
    bar.append(status, " ", stop, " ", files);

    const panes = element("div", "bml-playground-panes");
    const editor = element("div", "bml-playground-editor");
    const gutter = element("pre", "bml-playground-gutter");
    gutter.setAttribute("aria-hidden", "true");
    const output = element("div", "bml-playground-output");
    output.setAttribute("aria-live", "polite");
    output.setAttribute("aria-label", "The notes as the site draws them");
    notes.replaceWith(panes);
    editor.append(gutter, notes);
    panes.append(editor, output);
    const warningsTitle = element("p", "bml-playground-warnings-title", "Warnings");
    const warnings = element("ol", "bml-playground-warnings");
    root.prepend(bar);
    root.append(warningsTitle, warnings);

    let worker = null;
    let busy = false;
    let pending = false;
    let ready = false;
    let asked = 0;
    let sent = "";
    let timer = 0;
    const links = [];

    const lineCount = () => notes.value.split("\n").length;

    /* The line numbers, the warned lines marked (their messages as tooltips). */
    const number = (warned) => {
      const fragment = document.createDocumentFragment();
      const count = lineCount();
      let plain = [];
      for (let line = 1; line <= count; line += 1) {
        if (warned.has(line)) {
          if (plain.length) fragment.append(plain.join("\n") + "\n");
          plain = [];
          const mark = element("span", "bml-playground-warned", String(line));
          mark.title = warned.get(line).join("\n");
          fragment.append(mark, "\n");
        } else plain.push(String(line));
      }
      if (plain.length) fragment.append(plain.join("\n"));
      gutter.replaceChildren(fragment);
      gutter.scrollTop = notes.scrollTop;
    };
    let warnedLines = new Map();

    const selectLine = (line) => {
      const lines = notes.value.split("\n");
      let start = 0;
      for (let index = 0; index < line - 1 && index < lines.length; index += 1) start += lines[index].length + 1;
      const end = start + (lines[line - 1] || "").length;
      notes.focus();
      notes.setSelectionRange(start, end);
      const height = parseFloat(getComputedStyle(notes).lineHeight) || 20;
      notes.scrollTop = Math.max(0, (line - 3) * height);
    };

    const offer = (link, text) => {
      if (link.href) URL.revokeObjectURL(link.href);
      link.href = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    };

    const show = (result) => {
      output.replaceChildren(rebuilt(result.html));
      warnedLines = new Map();
      const items = result.problems.map((problem) => {
        const item = element("li", "bml-playground-warning");
        item.dataset.line = String(problem.line);
        item.dataset.kind = problem.kind;
        if (problem.line > 0) {
          const go = element("button", "bml-playground-line", `line ${problem.line}`);
          go.type = "button";
          go.addEventListener("click", () => selectLine(problem.line));
          item.append(go, " ");
          const known = warnedLines.get(problem.line) || [];
          known.push(problem.message);
          warnedLines.set(problem.line, known);
        }
        item.append(element("span", "bml-playground-message", problem.message));
        return item;
      });
      warnings.replaceChildren(...items);
      warningsTitle.textContent = items.length ? `Warnings (${items.length})` : "No warnings";
      number(warnedLines);
      offer(bss, result.bss);
      offer(bboalert, result.bboalert);
      files.hidden = false;
      status.textContent = items.length ? `Read: ${items.length} warning${items.length === 1 ? "" : "s"}.` : "Read: no warnings.";
      root.dataset.read = String(Number(root.dataset.read || 0) + 1); // for tests: how many readings shown
      root.dataset.readLength = String(sent.length); // and the length of the text the last one read
    };

    const run = () => {
      if (!ready) {
        pending = true;
        return;
      }
      if (busy) {
        pending = true;
        return;
      }
      busy = true;
      pending = false;
      stop.disabled = false;
      status.textContent = "Reading the notes…";
      asked += 1;
      sent = notes.value;
      worker.postMessage({ id: asked, text: sent, settings: settingsText });
    };

    const answered = (event) => {
      const data = event.data;
      if (data.ready) {
        ready = true;
        if (pending) run();
        return;
      }
      if (data.failed) {
        status.textContent = `The playground could not start: ${lastLine(data.failed)}`;
        return;
      }
      if (data.id !== asked) return;
      busy = false;
      stop.disabled = true;
      if (data.error) status.textContent = `These notes could not be read: ${lastLine(data.error)}`;
      else show(JSON.parse(data.result));
      if (pending) run();
    };

    const startWorker = () => {
      ready = false;
      worker = new Worker(WORKER, { type: "module" });
      worker.addEventListener("message", answered);
      worker.addEventListener("error", (event) => {
        status.textContent = `The playground could not start: ${event.message || "its files were not found"}`;
      });
    };

    stop.addEventListener("click", () => {
      worker.terminate();
      busy = false;
      pending = false;
      stop.disabled = true;
      startWorker();
      status.textContent = "Stopped. Change the notes to read them again.";
    });
    notes.addEventListener("input", () => {
      number(warnedLines);
      clearTimeout(timer);
      timer = setTimeout(run, PAUSE);
    });
    notes.addEventListener("scroll", () => {
      gutter.scrollTop = notes.scrollTop;
    });

    number(warnedLines);
    startWorker();
    pending = true; // read the first notes as soon as the engine is ready
  };

  document.querySelectorAll("div.bml-playground[data-settings]").forEach(setUp);
})();
