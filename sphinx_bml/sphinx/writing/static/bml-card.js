/* The WBF convention card (.. bml-convention-card::) on paper: each page of
 * the form on one landscape sheet, A4 or Letter. Before the page is printed,
 * the card takes its paper layout (the class bml-card-paper: a sheet's width,
 * a font of 6.5 pt, the lines run on), and each page of the card taller than a
 * sheet is zoomed out, and laid out that much wider, as little as it takes to
 * fit the sheet (the largest zoom that fits, found by halving), down to a font
 * of 6 pt; only written parts far too long for a card take it below (with a
 * warning in the console), as in the PDF. CSS cannot scale to fit, and the
 * browser counts its pages before the print media applies. After printing the
 * screen layout comes back. */
(function () {
  "use strict";
  // the printable height of a landscape sheet, A4 or Letter, with margins of 10 mm (A4's is the
  // lower), less what the print media may add to the layout measured on screen
  var ROOM_MM = 210 - 2 * 10 - 8;
  // the width of the card on paper (bml.css: the printable width of Letter, the narrower)
  var WIDTH_MM = 259;
  var MM = 96 / 25.4;
  // the card's font on paper (bml.css), and the smallest it may be zoomed to
  var FONT_PT = 6.5;
  var SMALLEST_PT = 6;

  // the sheet in landscape, on this page only (bml.css is on every page of the site)
  var sheet = document.createElement("style");
  sheet.textContent = "@page { size: landscape; margin: 10mm; }";

  function zoomed(page, zoom) {
    page.style.zoom = zoom === 1 ? "" : String(zoom);
    page.style.width = zoom === 1 ? "" : WIDTH_MM / zoom + "mm";
    return page.getBoundingClientRect().height <= ROOM_MM * MM;
  }

  function fit(page) {
    if (zoomed(page, 1)) return;
    var low = Math.ceil((1000 * SMALLEST_PT) / FONT_PT) / 1000;
    var high = 1;
    if (!zoomed(page, low)) {
      // written parts far too long for a card: smaller than 6 pt, but still one sheet (as in the PDF)
      console.warn("sphinx-bml: a page of the convention card prints below " + SMALLEST_PT +
        " pt: shorten its written parts");
      high = low;
      low = 0.15;
    }
    for (var tries = 0; tries < 10; tries++) {
      var middle = (low + high) / 2;
      if (zoomed(page, middle)) low = middle;
      else high = middle;
    }
    zoomed(page, low); // the largest zoom found to fit
  }

  function paper(on) {
    if (on) document.head.appendChild(sheet);
    else if (sheet.parentNode) sheet.parentNode.removeChild(sheet);
    document.querySelectorAll("div.bml-convention-card").forEach(function (card) {
      card.classList.toggle("bml-card-paper", on);
      card.querySelectorAll("div.bml-card-page").forEach(function (page) {
        page.style.zoom = "";
        page.style.width = "";
        if (on) fit(page);
      });
    });
  }

  window.addEventListener("beforeprint", function () { paper(true); });
  window.addEventListener("afterprint", function () { paper(false); });
})();
