// Live pages: follows the tournament's event stream (the element with data-live names it) and,
// on each event, fetches this page again and replaces each part marked data-live-part whose
// content changed (unless someone is filling in a form there: then it waits; a part marked
// data-live-hold, a refused form with its reasons, stays as it is), then says which in the
// page's live region (aria-live="polite"). Where
// EventSource is missing, or the server refused the stream (too many open), it asks every 30
// seconds instead; the HTTP cache makes an unchanged page a 304. A page marked data-every is
// also read again that often (its words depend on the clock). Without this script the page is
// complete and a reload shows the news.
(function () {
  "use strict";
  var status = document.querySelector("[data-live]");
  if (!status || !window.fetch || !window.DOMParser) {
    return;
  }
  // A page shown as the answer to a post (a refused form, with why) follows, and reloads, from
  // the page's own address: a reload then shows the page rather than sending the form again.
  var page = location.href;
  try {
    var declared = status.getAttribute("data-page");
    var own = declared && new URL(declared, location.href);
    // Only a page served at another address (a form's, after a refused post) moves.
    if (own && own.origin === location.origin && own.pathname !== location.pathname) {
      page = own.href;
      if (window.history && history.replaceState) {
        history.replaceState(null, "", page);
      }
    }
  } catch (e) {
    page = location.href;
  }
  var busy = false;
  var again = false;
  var polling = null;
  // Each part as the server last sent it. Other scripts may change a part's DOM (the round
  // picker marks the round shown), so a change is judged against this, not the DOM. This script
  // runs before them: it comes first in the page.
  var served = {};
  var parts = document.querySelectorAll("[data-live-part]");
  for (var p = 0; p < parts.length; p++) {
    served[parts[p].id] = parts[p].innerHTML;
  }

  // Whether someone is filling in a form of this part: a field has focus or differs from what
  // the server sent. Such a part is not replaced (that would lose what was typed); the page
  // looks again a little later, and a form sent meanwhile is judged by the server, which
  // refuses one built on a page that has moved on.
  function edited(part) {
    var active = document.activeElement;
    if (active && part.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName)) {
      return true;
    }
    var fields = part.querySelectorAll("input, select, textarea");
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      if (f.type === "checkbox" || f.type === "radio") {
        if (f.checked !== f.defaultChecked) { return true; }
      } else if (f.tagName === "SELECT") {
        // A select none of whose options the page marks chosen shows its first.
        var marked = false;
        for (var d = 0; d < f.options.length; d++) {
          marked = marked || f.options[d].defaultSelected;
        }
        for (var o = 0; o < f.options.length; o++) {
          var chosen = marked ? f.options[o].defaultSelected : o === 0;
          if (f.options[o].selected !== chosen) { return true; }
        }
      } else if (f.type !== "hidden" && f.value !== f.defaultValue) {
        return true;
      }
    }
    return false;
  }

  var later = null;
  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var parts = document.querySelectorAll("[data-live-part]");
    var changed = [];
    for (var i = 0; i < parts.length; i++) {
      var now = fresh.getElementById(parts[i].id);
      if (parts[i].hasAttribute("data-live-hold")) {
        // The person's own refused form, with why: kept until they send it again.
        continue;
      }
      if (now && now.innerHTML !== served[parts[i].id] && edited(parts[i])) {
        if (!later) {
          later = setTimeout(function () { later = null; refresh(); }, 5000);
        }
      } else if (now && now.innerHTML !== served[parts[i].id]) {
        parts[i].innerHTML = now.innerHTML;
        served[parts[i].id] = now.innerHTML;
        changed.push(parts[i].getAttribute("data-live-part"));
      }
    }
    if (changed.length) {
      status.textContent = status.getAttribute("data-updated") + " " + changed.join(", ");
      document.dispatchEvent(new CustomEvent("tourney:updated", { detail: changed }));
    }
  }

  function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    fetch(page, { cache: "no-cache", credentials: "same-origin" })
      .then(function (answer) { return answer.ok ? answer.text() : null; })
      .then(function (html) { if (html) { swap(html); } }, function () {})
      .then(function () {
        busy = false;
        if (again) {
          again = false;
          refresh();
        }
      });
  }

  function poll() {
    if (!polling) {
      polling = setInterval(refresh, 30000);
    }
  }

  // A page whose words depend on the clock (data-every, in seconds) is read again that often
  // while it is shown, changes or not.
  var every = Number(status.getAttribute("data-every")) || 0;
  if (every > 0) {
    setInterval(function () { if (!document.hidden) { refresh(); } }, every * 1000);
  }

  if (!window.EventSource) {
    poll();
    return;
  }
  // A stream only while the page is shown: a browser holds at most 6 connections to a site over
  // HTTP/1.1 across all its tabs, so hidden tabs and pages left for the back-forward cache give
  // theirs back. A page shown again opens a new stream, whose first event brings it up to date.
  var events = null;
  function connect() {
    if (events || polling || document.hidden) {
      return;
    }
    events = new EventSource(status.getAttribute("data-live"));
    events.addEventListener("version", refresh);
    events.onerror = function () {
      // CONNECTING: the browser reconnects by itself (and resumes with Last-Event-ID).
      if (events && events.readyState === EventSource.CLOSED) {
        events = null;
        poll();
      }
    };
  }
  function disconnect() {
    if (events) {
      events.close();
      events = null;
    }
  }
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) {
      disconnect();
    } else {
      connect();
    }
  });
  addEventListener("pagehide", disconnect);
  addEventListener("pageshow", connect);
  connect();
})();
// The minutes left until a time a fact names (the check-in's close, the end of the time to answer
// a player's report), in the page's words; the fact itself gives the time, so without the script
// nothing is lost. A part a live update brought is counted at once.
(function () {
  function show() {
    var times = document.querySelectorAll("time.left[data-left]");
    for (var i = 0; i < times.length; i++) {
      var left = Date.parse(times[i].getAttribute("datetime")) - Date.now();
      times[i].textContent = left > 0
        ? "(" + times[i].getAttribute("data-left").replace("{n}", Math.ceil(left / 60000)) + ")"
        : "";
    }
  }
  show();
  setInterval(show, 30000);
  document.addEventListener("tourney:updated", show);
})();
