// The round picker: on a narrow screen (the stylesheet's phone width) each bracket section shows
// one round at a time, starting with the round under way (data-current), and its picker's links
// choose another. The choice outlives a live update of the page (live.js announces those with a
// "tourney:updated" event). On wider screens the picker is hidden and every round shows. Without
// this script the stylesheet shows the round under way, and a link's round once it is chosen.
(function () {
  "use strict";
  var narrow = window.matchMedia ? window.matchMedia("(max-width: 599px)") : null;
  // The round each section shows by the reader's choice, by section id.
  var chosen = {};

  function show(section, roundId) {
    var rounds = section.querySelectorAll(".round");
    for (var i = 0; i < rounds.length; i++) {
      rounds[i].classList.toggle("shown", rounds[i].id === roundId);
    }
    var links = section.querySelectorAll(".round-picker a");
    for (var j = 0; j < links.length; j++) {
      if (links[j].getAttribute("href") === "#" + roundId) {
        links[j].setAttribute("aria-current", "true");
      } else {
        links[j].removeAttribute("aria-current");
      }
    }
  }

  function setUp() {
    var sections = document.querySelectorAll(".bracket.paged");
    for (var i = 0; i < sections.length; i++) {
      var section = sections[i];
      var roundId = chosen[section.id];
      if (!roundId || !document.getElementById(roundId)) {
        var current = section.querySelector(".round[data-current]") || section.querySelector(".round");
        roundId = current ? current.id : "";
      }
      show(section, roundId);
    }
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest(".round-picker a") : null;
    if (!link || (narrow && !narrow.matches)) {
      return;
    }
    var section = link.closest(".bracket");
    var roundId = link.getAttribute("href").slice(1);
    if (!section || !document.getElementById(roundId)) {
      return;
    }
    event.preventDefault();
    chosen[section.id] = roundId;
    show(section, roundId);
  });

  document.documentElement.classList.add("rounds-picked");
  setUp();
  document.addEventListener("tourney:updated", setUp);
})();
