// The venue screen: the minutes since each station's call (a call not yet started flagged once
// it has waited longer than its tournament allows: data-flag-after, in ms), and, with more
// stations than one screen holds (data-per-page), their pages turned every 10 seconds. A part a
// live update brought is counted and paged at once. Without this script each station shows the
// time of its call instead.
(function () {
  "use strict";
  var turn = 0;
  function since() {
    var times = document.querySelectorAll("time.since[data-since]");
    for (var i = 0; i < times.length; i++) {
      var t = times[i];
      var waited = Date.now() - Date.parse(t.getAttribute("datetime"));
      t.textContent = "· " + t.getAttribute("data-since").replace("{n}", Math.max(0, Math.floor(waited / 60000)));
      var station = t.closest(".station");
      var after = station && Number(station.getAttribute("data-flag-after"));
      if (after > 0) {
        var late = waited >= after;
        station.classList.toggle("late", late);
        var flag = station.querySelector(".flag");
        if (flag) { flag.hidden = !late; }
      }
    }
  }
  function pages() {
    var list = document.querySelector(".stations");
    if (!list) { return; }
    var per = Number(list.getAttribute("data-per-page")) || 8;
    var items = list.querySelectorAll("li.station");
    var count = Math.ceil(items.length / per);
    var label = list.querySelector(".pages");
    if (count <= 1) {
      if (label) { label.textContent = ""; }
      return;
    }
    var shown = turn % count;
    for (var i = 0; i < items.length; i++) {
      items[i].hidden = Math.floor(i / per) !== shown;
    }
    if (label) {
      label.textContent = list.getAttribute("data-page-of")
        .replace("{n}", shown + 1).replace("{of}", count);
    }
  }
  since();
  pages();
  setInterval(since, 15000);
  setInterval(function () { turn++; pages(); }, 10000);
  document.addEventListener("tourney:updated", function () { since(); pages(); });
})();
