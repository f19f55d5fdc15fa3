/* The WBF convention card (.. bml-convention-card::) on paper: each page of
 * the form on one landscape sheet, A4 or Letter. Before the page is printed,
 * the card takes its paper layout (the class bml-card-paper: a sheet's width,
 * a small font, the lines run on), and each page of the card taller than a
 * sheet is zoomed out, and laid out that much wider, until it fits the sheet:
 * CSS cannot scale to fit, and the browser counts its pages before the print
 * media applies. After printing the screen layout comes back. */
(function () {
  "use strict";
  // the printable height of a landscape sheet, A4 or Letter, with margins of 10 mm (A4's is the
  // lower), less what the print media may add to the layout measured on screen
  var ROOM_MM = 210 - 2 * 10 - 8;
  // the width of the card on paper (bml.css: the printable width of Letter, the narrower)
  var WIDTH_MM = 259;
  var MM = 96 / 25.4;

  // the sheet in landscape, on this page only (bml.css is on every page of the site)
  var sheet = document.createElement("style");
  sheet.textContent = "@page { size: landscape; margin: 10mm; }";

  function paper(on) {
    if (on) document.head.appendChild(sheet);
    else if (sheet.parentNode) sheet.parentNode.removeChild(sheet);
    document.querySelectorAll("div.bml-convention-card").forEach(function (card) {
      card.classList.toggle("bml-card-paper", on);
      card.querySelectorAll("div.bml-card-page").forEach(function (page) {
        page.style.zoom = "";
        page.style.width = "";
        if (!on) return;
        var zoom = 1;
        for (var tries = 0; tries < 12; tries++) {
          var height = page.getBoundingClientRect().height;
          if (height <= ROOM_MM * MM) break;
          zoom = Math.floor(1000 * zoom * Math.sqrt((ROOM_MM * MM) / height)) / 1000;
          page.style.zoom = String(zoom);
          page.style.width = WIDTH_MM / zoom + "mm";
        }
      });
    });
  }

  window.addEventListener("beforeprint", function () { paper(true); });
  window.addEventListener("afterprint", function () { paper(false); });
})();
