// The auto de infração's form: the infraction picker's filter and the agent's location.
// A static file, not inline, so the Content-Security-Policy runs no script written in a page.
(function () {
  // The infraction picker's filter: any words, in any order, accents and case ignored.
  var box = document.getElementById("code-picker");
  if (!box) return;
  var input = document.getElementById("code-filter");
  var count = document.getElementById("code-count");
  var chosen = document.getElementById("code-chosen");
  var empty = box.querySelector("[data-picker-empty]");
  var groups = [].slice.call(box.querySelectorAll("[data-group]"));
  var options = [].slice.call(box.querySelectorAll("[data-search]"));
  function fold(s) { return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); }
  options.forEach(function (o) { o.dataset.key = fold(o.dataset.search); });
  function apply() {
    var words = fold(input.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    options.forEach(function (o) {
      var hit = words.every(function (w) { return o.dataset.key.indexOf(w) >= 0; });
      if (hit) shown++;
      o.hidden = !hit && !o.querySelector("input").checked;  // the chosen one stays in sight
    });
    groups.forEach(function (g) { g.hidden = !g.querySelector("[data-search]:not([hidden])"); });
    empty.hidden = shown > 0;
    count.textContent = words.length ? shown + " de " + options.length + " infrações" : options.length + " infrações";
  }
  function show() {
    var on = box.querySelector("input[name=code]:checked");
    chosen.textContent = on ? "Escolhida: " + on.parentNode.textContent.replace(/\s+/g, " ").trim() : "";
  }
  box.querySelector("[data-picker-filter]").hidden = false;
  input.addEventListener("input", apply);
  // Enter in the filter must not send the auto half filled.
  input.addEventListener("keydown", function (e) { if (e.key === "Enter") e.preventDefault(); });
  box.addEventListener("change", show);
  apply();
  show();
})();
if (navigator.geolocation) {
  navigator.geolocation.getCurrentPosition(function (p) {
    document.getElementById("lat").value = p.coords.latitude.toFixed(6);
    document.getElementById("lon").value = p.coords.longitude.toFixed(6);
    document.getElementById("gps-status").textContent = "Localização registrada.";
  }, function () { document.getElementById("gps-status").textContent = "Sem localização do GPS."; });
}
